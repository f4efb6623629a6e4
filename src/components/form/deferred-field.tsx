import { Suspense, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { usePreloadWhenIdle } from '../deferred';

interface DeferredFieldProps {
  /** Starts loading the field's code; called when the page is idle. */
  preload: () => void;
  /** The field's look while its code loads, e.g. a ClosedPicker. */
  placeholder: ReactNode;
  /** The field itself, a lazy component. */
  children: ReactNode;
}

/**
 * A form field whose code loads after the page: the placeholder shows meanwhile, and if it
 * was focused (a tap or Tab got there first), the real field takes over the focus and any
 * text typed so far, so a quick typist loses nothing.
 */
export function DeferredField({ preload, placeholder, children }: DeferredFieldProps) {
  usePreloadWhenIdle(preload);
  const box = useRef<HTMLDivElement>(null);
  const wanted = useRef(false);
  const draft = useRef<string | null>(null);
  return (
    <div
      ref={box}
      onFocus={() => {
        wanted.current = true;
      }}
      onChange={(event) => {
        draft.current = (event.target as HTMLInputElement).value;
      }}
    >
      <Suspense fallback={placeholder}>
        {children}
        <HandOver box={box} wanted={wanted} draft={draft} />
      </Suspense>
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
  useLayoutEffect(() => {
    const input = box.current?.querySelector('input');
    const active = document.activeElement;
    if (!input || !wanted.current || (active !== null && active !== document.body)) return;
    input.focus();
    const text = draft.current;
    if (text === null) return;
    // After the field's own mount work, which sets the input to the chosen value's text.
    const timer = setTimeout(() => {
      // Typed as if by the user: the native setter and an input event reach its onChange.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    return () => clearTimeout(timer);
  }, [box, wanted, draft]);
  return null;
}
