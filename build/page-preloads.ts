import path from 'node:path';
import type { Plugin } from 'vite';
import { routeFiles } from './route-files';

interface BundledChunk {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
}

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
          const pages = new Set([...routeFiles(root).values()].flat());
          pageChunks.clear();
          for (const chunk of Object.values(bundle)) {
            if (chunk.type !== 'chunk') continue;
            const { facadeModuleId, fileName } = chunk as BundledChunk;
            if (!facadeModuleId) continue;
            const source = path.relative(root, facadeModuleId).replaceAll('\\', '/');
            if (pages.has(source.replace(/\.tsx?$/, ''))) pageChunks.add(fileName);
          }
        },
      },
    },
    resolveDependencies: (file, deps, { hostType }) =>
      hostType === 'html' || pageChunks.has(file) ? deps : [],
  };
}
