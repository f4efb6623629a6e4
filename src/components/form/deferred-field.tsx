import {
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { usePreloadWhenIdle } from '../deferred';

interface DeferredFieldProps {
  /** Loads the field's code; settles once it is in (or failed). Called when the page is idle. */
  preload: () => Promise<void>;
  /** Whether the field's code is in. */
  loaded: () => boolean;
  /** The field's look until it is used, e.g. a ClosedPicker. */
  placeholder: ReactNode;
  /** The field itself, a lazy component. */
  children: ReactNode;
}

/**
 * A form field whose code loads after the page and which is drawn for real only once it is
 * about to be used: a pointer over it, a finger on it, or the focus. Until then the
 * placeholder stands in, so a page that shows the field but is not using it yet never pays
 * for mounting it (a searchable picker's library is the heaviest part of its page's first
 * second on a phone). The swap waits for the field's code, with the placeholder still in
 * place; if the placeholder had the focus (a tap or Tab got there first), the real field
 * takes over the focus and any text typed so far, so a quick typist loses nothing.
 */
export function DeferredField({ preload, loaded, placeholder, children }: DeferredFieldProps) {
  usePreloadWhenIdle(preload);
  const box = useRef<HTMLDivElement>(null);
  const wanted = useRef(false);
  const draft = useRef<string | null>(null);
  const waking = useRef(false);
  const [woken, setWoken] = useState(false);
  const wake = () => {
    if (waking.current) return;
    waking.current = true;
    // Code that is in swaps at once, within the event: a key pressed right after the focus
    // reaches the field itself, not the placeholder it replaces.
    if (loaded()) setWoken(true);
    else void preload().then(() => setWoken(true));
  };
  return (
    <div
      ref={box}
      onPointerEnter={wake}
      onTouchStart={wake}
      onFocus={() => {
        wanted.current = true;
        wake();
      }}
      onChange={(event) => {
        draft.current = (event.target as HTMLInputElement).value;
      }}
    >
      {woken ? (
        // A download that failed is tried again here, the placeholder showing meanwhile.
        <Suspense fallback={placeholder}>
          {children}
          <HandOver box={box} wanted={wanted} draft={draft} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}

/** Mounts with the real field: gives it what the removed placeholder had, focus and text. */
function HandOver({
  box,
  wanted,
  draft,
}: {
  box: RefObject<HTMLDivElement | null>;
  wanted: RefObject<boolean>;
  draft: RefObject<string | null>;
}) {
  const took = useRef<HTMLInputElement | null>(null);
  useLayoutEffect(() => {
    const input = box.current?.querySelector('input');
    const active = document.activeElement;
    if (!input || !wanted.current || (active !== null && active !== document.body)) return;
    input.focus();
    took.current = input;
  }, [box, wanted]);
  // After the field's own mount work, which sets its input to the chosen value's text (in an
  // effect of its own: this one runs after it).
  useEffect(() => {
    const input = took.current;
    if (!input) return;
    const text = draft.current;
    // Nothing typed yet: the text selected, as a Tab into a field selects it, so what is
    // typed next replaces the choice's text, as it would have in the placeholder.
    if (text === null) return void input.select();
    const timer = setTimeout(() => {
      // Typed as if by the user: the native setter and an input event reach its onChange.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    return () => clearTimeout(timer);
  }, [draft]);
  return null;
}
