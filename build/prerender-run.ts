/**
 * Renders every page of the navigation (src/app/prerender.tsx) and writes them to stdout as
 * JSON. A process of its own, run by build/prerender-pages.ts: the app's modules keep timers
 * and channels open, as a browser tab would, and they end with this process, not the build.
 */
import { createServer } from 'vite';
import { pagesByFirstSegment } from '../src/lib/page-meta';
import type * as PrerenderModule from '../src/app/prerender';

const server = await createServer({
  root: process.argv[2] ?? process.cwd(),
  configFile: false,
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false },
});
const { prerenderPage } = (await server.ssrLoadModule(
  '/src/app/prerender.tsx',
)) as typeof PrerenderModule;
const pages: Record<string, { html: string; href: string }> = {};
for (const segment of Object.keys(pagesByFirstSegment)) {
  pages[segment] = await prerenderPage(`/${segment}`);
}
process.stdout.write(JSON.stringify(pages), () => process.exit(0));
