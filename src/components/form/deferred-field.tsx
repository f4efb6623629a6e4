import {
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { flushSync } from 'react-dom';

interface DeferredFieldProps {
  /**
   * The field's code, as `deferred()` gives it: `preload` settles once it is in (or failed),
   * and starts when a pointer comes over the field; `loaded` says whether it is in.
   */
  code: { preload: () => Promise<void>; loaded: () => boolean };
  /**
   * The field's look until it is used, e.g. a ClosedPicker: it calls `wake` when a pointer
   * or a finger reaches its input (the focus on its input wakes it too).
   */
  placeholder: (wake: () => void) => ReactNode;
  /** The field itself, a deferred component. */
  children: ReactNode;
}

/**
 * A form field whose code loads only when it is about to be used, and which is drawn for real
 * then: a pointer over its input, a finger on it, or the focus in it. The download starts a
 * little earlier: a pointer over the field or its form, or the focus in another of its fields.
 * A page that shows the field but is not used for it never fetches or mounts the field's
 * library: a searchable picker's is the heaviest part of its page on a phone. Until then the
 * placeholder stands in. The swap waits for the field's code, with the placeholder still in
 * place (a failed download leaves it there, and the next reach tries again); if the
 * placeholder's input had the focus (a tap or Tab got there first), the real field takes over
 * the focus and any text typed so far, so a quick typist loses nothing. Other controls in the
 * placeholder (a preview's Play button) work as they are and wake nothing.
 */
export function DeferredField({ code, placeholder, children }: DeferredFieldProps) {
  const { preload, loaded } = code;
  const box = useRef<HTMLDivElement>(null);
  const wanted = useRef(false);
  // The placeholder's text when it was reached: the choice as the field shows it.
  const shown = useRef('');
  const draft = useRef<string | null>(null);
  // idle → loading (the code on its way, the placeholder still in place) → woken (drawn).
  const [phase, setPhase] = useState<'idle' | 'loading' | 'woken'>('idle');
  const woken = phase === 'woken';
  const fieldInput = () => box.current?.querySelector('input') ?? null;
  // Code that is in swaps at once, within the event (flushSync: Preact's React layer, the
  // build's runtime, would otherwise draw after it): a key pressed right after the focus
  // reaches the field itself, not the placeholder it replaces.
  const wake = () => {
    if (!loaded()) return setPhase((current) => (current === 'idle' ? 'loading' : current));
    flushSync(() => setPhase((current) => (current === 'idle' ? 'woken' : current)));
  };
  useEffect(() => {
    if (phase !== 'loading') return;
    let live = true;
    // A failed download leaves the placeholder, and the next reach tries again.
    void preload().then(() => live && setPhase(loaded() ? 'woken' : 'idle'));
    return () => {
      live = false;
    };
  }, [phase, preload, loaded]);
  // Someone filling in the field's form (a pointer over it, the focus in another field) will
  // likely reach the field next: its code starts on its way then, so a keyboard user who tabs
  // through the form finds it in.
  useEffect(() => {
    const form = box.current?.closest('form');
    if (!form || loaded()) return;
    const warm = () => void preload();
    form.addEventListener('focusin', warm, { once: true });
    form.addEventListener('pointerover', warm, { once: true });
    return () => {
      form.removeEventListener('focusin', warm);
      form.removeEventListener('pointerover', warm);
    };
  }, [preload, loaded]);
  const standIn = placeholder(wake);
  return (
    <div
      ref={box}
      onPointerEnter={() => void preload()}
      onFocus={(event) => {
        if (woken || event.target !== fieldInput()) return;
        wanted.current = true;
        shown.current = (event.target as HTMLInputElement).value;
        wake();
      }}
      // The input event, not change: under Preact's React layer (the build's runtime) a change
      // listener on a box hears only the native change event, which waits for the blur.
      onInput={(event) => {
        if (!woken) draft.current = (event.target as HTMLInputElement).value;
      }}
    >
      {woken ? (
        // Never shown in practice: the swap waits for the code, which then draws at once.
        <Suspense fallback={standIn}>
          {children}
          <HandOver box={box} wanted={wanted} shown={shown} draft={draft} />
        </Suspense>
      ) : (
        standIn
      )}
    </div>
  );
}

/** Writes an input's text past any framework's own tracking of it, as typing would. */
function setNativeValue(input: HTMLInputElement, text: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
}

/** Mounts with the real field: gives it what the removed placeholder had, focus and text. */
function HandOver({
  box,
  wanted,
  shown,
  draft,
}: {
  box: RefObject<HTMLDivElement | null>;
  wanted: RefObject<boolean>;
  shown: RefObject<string>;
  draft: RefObject<string | null>;
}) {
  const took = useRef<HTMLInputElement | null>(null);
  // Whether a key reached the field itself since it took over.
  const typed = useRef(false);
  useLayoutEffect(() => {
    const input = box.current?.querySelector('input');
    const active = document.activeElement;
    if (!input || !wanted.current || (active !== null && active !== document.body)) return;
    input.focus();
    // Nothing typed yet: the text selected, as a Tab into a field selects it, so a key pressed
    // from now on replaces the choice's text, as it would have in the placeholder. The text is
    // written first if the field has not yet: the field writing the same text later keeps the
    // selection, where a new text would drop it and leave the caret after it.
    if (draft.current === null) {
      if (input.value === '' && shown.current) setNativeValue(input, shown.current);
      input.select();
    }
    input.addEventListener('input', () => (typed.current = true), { once: true });
    took.current = input;
  }, [box, wanted, shown, draft]);
  // After the field's own mount work, which sets its input to the chosen value's text (in an
  // effect of its own: this one runs after it).
  useEffect(() => {
    const input = took.current;
    if (!input) return;
    const text = draft.current;
    if (text === null) {
      // Selected again, as writing the text may have dropped the selection; not once a key
      // has replaced it.
      if (!typed.current && document.activeElement === input) input.select();
      return;
    }
    const written = input.value;
    const timer = setTimeout(() => {
      // Keys pressed since the swap went to the field itself: after the chosen value's text,
      // or in its place if it was selected. They follow what was typed before the swap.
      const now = input.value;
      const since = now.startsWith(written) ? now.slice(written.length) : now;
      // Typed as if by the user: the native setter and an input event reach its onChange.
      setNativeValue(input, text + since);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    return () => clearTimeout(timer);
  }, [draft]);
  return null;
}
