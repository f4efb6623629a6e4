import { useEffect, useRef } from 'react';

interface Latest<T> {
  value: T;
  save: (value: T) => void;
  /** Whether `value` is not saved yet. */
  pending: boolean;
}

/** Saves the latest value if it is not saved yet, once whichever moment comes first. */
function flush<T>(latest: Latest<T>) {
  if (!latest.pending) return;
  latest.pending = false;
  latest.save(latest.value);
}

/**
 * Saves `value` once it has stopped changing for `delayMs`, and on unmount or when the page goes
 * (a reload, a closed tab), so leaving right after typing loses nothing. `save` may change
 * identity between renders.
 */
export function useDebouncedSave<T>(value: T, save: (value: T) => void, delayMs: number): void {
  const latest = useRef<Latest<T>>({ value, save, pending: false });

  useEffect(() => {
    latest.current = { value, save, pending: true };
    const timer = setTimeout(() => flush(latest.current), delayMs);
    return () => clearTimeout(timer);
  }, [value, save, delayMs]);

  useEffect(() => {
    // A page leaving does not unmount its components.
    const onPageHide = () => flush(latest.current);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      flush(latest.current);
    };
  }, []);
}
