import { useEffect, useRef } from 'react';

/**
 * Saves `value` once it has stopped changing for `delayMs`, and on unmount or when the page goes
 * (a reload, a closed tab), so leaving right after typing loses nothing. `save` may change
 * identity between renders.
 */
export function useDebouncedSave<T>(value: T, save: (value: T) => void, delayMs: number): void {
  const latest = useRef({ value, save, pending: false });

  useEffect(() => {
    latest.current = { value, save, pending: true };
    const timer = setTimeout(() => {
      latest.current.pending = false;
      save(value);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [value, save, delayMs]);

  useEffect(() => {
    const flush = () => {
      if (!latest.current.pending) return;
      latest.current.pending = false;
      latest.current.save(latest.current.value);
    };
    // A page leaving does not unmount its components.
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, []);
}
