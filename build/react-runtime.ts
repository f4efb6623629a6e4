import { fileURLToPath } from 'node:url';
import type { Alias } from 'vite';

/**
 * The runtime the built dashboard draws with: Preact, through its React compatibility layer
 * (`preact/compat`), in place of React and React DOM. The code is React code, written and type
 * checked against React's API, and the libraries it uses (router, query, forms, Headless UI,
 * sonner) run unchanged on the layer. The difference is what a phone fetches and runs first:
 * React DOM alone is about 55 kB compressed, more than all of the app's own start-up code, and
 * the compatibility layer about 10 kB, which also renders a tree in less main-thread time
 * (docs/dashboard.md has the figures).
 *
 * Only the browser build uses it. The dev server keeps React (its fast refresh is React's),
 * and so do the build-time prerender (build/prerender-run.ts, in Node) and the unit tests.
 * The end-to-end tests run against the build, so every journey is checked on what ships.
 */
export const preactAliases: Alias[] = [
  // Its own root, which takes over a prerendered page's elements (src/app/preact-root.ts).
  {
    find: /^react-dom\/client$/,
    replacement: fileURLToPath(new URL('../src/app/preact-root.ts', import.meta.url)),
  },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];
