import { useEffect, useState } from 'react';

/** True for a moment after `value` changes (not on first render): a brief highlight. */
export function useFlash(value: string, durationMs = 1600): boolean {
  const [seen, setSeen] = useState(value);
  const [flash, setFlash] = useState(false);
  if (seen !== value) {
    setSeen(value);
    setFlash(true);
  }
  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(() => setFlash(false), durationMs);
    return () => clearTimeout(timer);
  }, [flash, seen, durationMs]);
  return flash;
}
