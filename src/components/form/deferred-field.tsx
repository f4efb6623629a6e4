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
 * was focused (a tap or Tab got there first), the real field takes the focus over.
 */
export function DeferredField({ preload, placeholder, children }: DeferredFieldProps) {
  usePreloadWhenIdle(preload);
  const box = useRef<HTMLDivElement>(null);
  const wanted = useRef(false);
  return (
    <div
      ref={box}
      onFocus={() => {
        wanted.current = true;
      }}
    >
      <Suspense fallback={placeholder}>
        {children}
        <FocusHandOver box={box} wanted={wanted} />
      </Suspense>
    </div>
  );
}

/** Mounts with the real field: moves a focus the removed placeholder took with it. */
function FocusHandOver({
  box,
  wanted,
}: {
  box: RefObject<HTMLDivElement | null>;
  wanted: RefObject<boolean>;
}) {
  useLayoutEffect(() => {
    const active = document.activeElement;
    const lost = active === null || active === document.body;
    if (wanted.current && lost) box.current?.querySelector('input')?.focus();
  }, [box, wanted]);
  return null;
}
