/**
 * Builds the app's page renderer (src/app/prerender.tsx) for Node into `<outDir>/render`, then
 * renders every page of the navigation with it and writes them to stdout as JSON. The gateway
 * runs the same renderer to draw the jobs board with the account's jobs (server/live-pages).
 * A process of its own, run by build/prerender-pages.ts: the app's modules keep timers and
 * channels open, as a browser tab would, and they end with this process, not the build.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import { pagesByFirstSegment } from '../src/lib/page-meta';
import type * as PrerenderModule from '../src/app/prerender';
import { RENDERER_DIR, RENDERER_FILE } from './page-files';

const root = process.argv[2] ?? process.cwd();
const outDir = join(process.argv[3] ?? join(root, 'dist'), RENDERER_DIR);
await build({
  root,
  configFile: false,
  publicDir: false,
  logLevel: 'error',
  // Everything bundled in: the build folder runs wherever it is copied, without node_modules.
  ssr: { noExternal: true },
  build: {
    ssr: 'src/app/prerender.tsx',
    outDir,
    emptyOutDir: true,
    target: 'node20',
    rollupOptions: { output: { entryFileNames: RENDERER_FILE } },
  },
});
const { prerenderPage } = (await import(
  pathToFileURL(join(outDir, RENDERER_FILE)).href
)) as typeof PrerenderModule;
const pages: Record<string, { html: string; href: string }> = {};
for (const segment of Object.keys(pagesByFirstSegment)) {
  pages[segment] = await prerenderPage(`/${segment}`);
}
process.stdout.write(JSON.stringify(pages), () => process.exit(0));
