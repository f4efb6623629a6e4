import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a media query matches now, drawn again when that changes. `fallback` is what a
 * render without `matchMedia` assumes: the build's prerender, which has no window.
 */
export function useMediaQuery(query: string, fallback = false): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(query).matches ?? fallback,
    () => fallback,
  );
}
