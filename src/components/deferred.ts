import { createElement, lazy, useEffect, useState, type ComponentType } from 'react';
import { whenPageUsed } from '../lib/page-use';

/**
 * A component whose code loads apart from the page's: `Component` suspends (React.lazy)
 * until the code is in, `preload` starts the download early (the page's first use, a pointer on
 * its placeholder) so it is usually there before it is needed. Calling `preload` again is free.
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>) {
  let pending: Promise<ComponentType<P>> | undefined;
  let loaded: ComponentType<P> | undefined;
  const start = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed download (offline for a moment) is tried again next time, not cached.
        pending = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => start().then((component) => ({ default: component })));
  function Component(props: P) {
    // Code that is in already is drawn at once: React.lazy shows the loading state for a
    // moment the first time it renders, however long ago the code came. Chosen at mount,
    // so the component never remounts.
    const [ready] = useState(() => loaded);
    return ready ? createElement(ready, props) : createElement(Lazy, props);
  }
  return {
    Component,
    /** Whether the code is in: `Component` then draws at once. */
    loaded: () => loaded !== undefined,
    /**
     * Settles once the code is in, or its download failed: a warm-up that fails is not an
     * error yet, rendering tries again and reports it.
     */
    preload: (): Promise<void> =>
      start().then(
        () => undefined,
        () => undefined,
      ),
  };
}

/**
 * Starts `preload` at an idle moment once someone uses the page (see lib/page-use): a part
 * that will be needed soon after a first touch, a key or a scroll is in by then, and a page
 * that is only read never fetches it. Without rendering again: a form or a page that preloads
 * a part would otherwise draw itself a second time, for nothing, while a phone is still busy
 * starting it.
 */
export function usePreloadWhenUsed(preload: () => void) {
  useEffect(() => whenPageUsed(preload), [preload]);
}
