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
    // Safari has no requestIdleCallback: a short timer lets the page's own work go first.
    const timer = setTimeout(() => setIdle(true), 200);
    return () => clearTimeout(timer);
  }, [timeoutMs]);
  return idle;
}
