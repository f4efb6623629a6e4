import { useEffect, useRef } from 'react';

/**
 * Saves `value` once it has stopped changing for `delayMs`, and on unmount, so leaving the
 * page right after typing loses nothing. `save` may change identity between renders.
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

  useEffect(
    () => () => {
      if (latest.current.pending) latest.current.save(latest.current.value);
    },
    [],
  );
}
