import { lazy, useEffect, type ComponentType } from 'react';
import { whenIdle } from '../lib/use-idle';

/**
 * A component whose code loads apart from the page's: `Component` is the React.lazy
 * version, `preload` starts the download early (idle time, a pointer on its placeholder)
 * so it is usually there before it is needed. Calling `preload` again is free.
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>) {
  let pending: Promise<ComponentType<P>> | undefined;
  const start = () =>
    (pending ??= load().catch((error: unknown) => {
      // A failed download (offline for a moment) is tried again next time, not cached.
      pending = undefined;
      throw error;
    }));
  return {
    Component: lazy(() => start().then((component) => ({ default: component }))),
    // A warm-up that fails is not an error yet: rendering tries again and reports it.
    preload: () => void start().catch(() => undefined),
  };
}

/**
 * Starts `preload` once the page has rendered and the browser has a moment to spare. Without
 * rendering again: a form or a page that preloads a part would otherwise draw itself a second
 * time, for nothing, while a phone is still busy starting it.
 */
export function usePreloadWhenIdle(preload: () => void) {
  useEffect(() => whenIdle(preload), [preload]);
}
