import { useEffect } from 'react';

/**
 * While `active`, the browser asks before the page is reloaded, closed or left for a typed
 * address: something the user started (an upload, a training start) is on its way.
 */
export function useBeforeUnload(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}
