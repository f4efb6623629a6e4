import { useEffect, useState } from 'react';

/**
 * True once the browser has had an idle moment after the first render (or after `timeoutMs`
 * at the latest, as a busy or background tab may never be idle). Work that can wait, waits for
 * it: the page the user asked for gets the network and the main thread first.
 */
export function useIdle(timeoutMs = 2_000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(() => setIdle(true), { timeout: timeoutMs });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(() => setIdle(true), 1);
    return () => clearTimeout(timer);
  }, [timeoutMs]);
  return idle;
}
