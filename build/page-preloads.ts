import type { Plugin } from 'vite';
import { bundledChunks, chunksBySource } from './bundle-chunks';
import { routeFiles } from './route-files';

/**
 * Which dynamic imports preload the chunks they need. A page's chunk (a route's lazy page or
 * layout) does: following a link should not wait for its chunks to be found one level at a
 * time. Every other lazy part (the API client, a tab, a picker, the background tasks) does not:
 * each preload link costs the main thread a millisecond or more on a phone, dozens of them
 * while a page starts, and these parts load when the page is idle or their module imports
 * what it needs itself.
 */
export function pagePreloads(): {
  plugin: Plugin;
  resolveDependencies: (file: string, deps: string[], host: { hostType: string }) => string[];
} {
  let root = process.cwd();
  const pageChunks = new Set<string>();
  return {
    plugin: {
      name: 'media-studio-page-preloads',
      apply: 'build',
      configResolved(config) {
        root = config.root;
      },
      // Before Vite writes each dynamic import's list of chunks (resolveDependencies below).
      generateBundle: {
        order: 'pre',
        handler(_options, bundle) {
          const bySource = chunksBySource(root, bundledChunks(bundle));
          pageChunks.clear();
          for (const page of new Set([...routeFiles(root).values()].flat())) {
            const chunk = bySource.get(page);
            if (chunk) pageChunks.add(chunk.fileName);
          }
        },
      },
    },
    resolveDependencies: (file, deps, { hostType }) =>
      hostType === 'html' || pageChunks.has(file) ? deps : [],
  };
}
