import { render, type ComponentChild } from 'preact';

/**
 * React DOM's `createRoot` on Preact, the build's runtime (build/react-runtime.ts). The one of
 * `preact/compat` empties the container before its first render, as React does. This one
 * draws into what the container holds: the elements of a prerendered page are taken over
 * where they match what the app draws, their attributes diffed against the app's, instead of
 * a few hundred elements being built, styled and laid out again while the same ones are
 * thrown away, on a slow phone's main thread while the page loads.
 */
export function createRoot(container: Element) {
  return {
    // What main.tsx hands it is React's JSX, which the build compiles to Preact's.
    render(children: ComponentChild) {
      render(children, container);
    },
    unmount() {
      render(null, container);
    },
  };
}
