import { useEffect, useState } from 'react';

/**
 * Calls `callback` once the browser has an idle moment (or after `timeoutMs` at the latest, as
 * a busy or background tab may never be idle). Returns the cancel.
 */
export function whenIdle(callback: () => void, timeoutMs = 2_000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(() => callback(), { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  // Safari has no requestIdleCallback: a short timer lets the page's own work go first.
  const timer = setTimeout(callback, 200);
  return () => clearTimeout(timer);
}

/**
 * True once the browser has had an idle moment after the first render (or after `timeoutMs`
 * at the latest). Work that can wait, waits for it: the page the user asked for gets the
 * network and the main thread first. The component renders again when it turns true; work
 * that draws nothing uses `whenIdle` in an effect instead.
 */
export function useIdle(timeoutMs = 2_000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true), timeoutMs), [timeoutMs]);
  return idle;
}
