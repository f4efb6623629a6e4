import { resolve } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type MiddlewareHandler } from 'hono';

/** Vite names files under assets/ by content hash: a new build means new names, so cache forever. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, favicon, theme script) is revalidated so a deploy shows at once. */
const REVALIDATE = 'no-cache';

/**
 * serveStatic complains at creation when the folder is missing, which is normal under
 * `vite dev` (it never routes here). Creating it on first use keeps that quiet.
 */
function lazy(create: () => MiddlewareHandler): MiddlewareHandler {
  let handler: MiddlewareHandler | undefined;
  return (c, next) => (handler ??= create())(c, next);
}

/** Serves the built dashboard from `distDir`, with the SPA fallback to index.html. */
export function staticRoutes(distDir: string): Hono {
  const root = resolve(distDir);
  const app = new Hono();
  // Set after the fact: this serveStatic builds its response before calling onFound.
  app.use('*', async (c, next) => {
    await next();
    if (c.res.status < 400)
      c.header('Cache-Control', c.req.path.startsWith('/assets/') ? IMMUTABLE : REVALIDATE);
  });
  app.use(
    '*',
    lazy(() => serveStatic({ root })),
  );
  // A missing hashed asset is a stale page asking for an old build: answering with HTML
  // would surface as a confusing MIME error, a plain 404 says what happened.
  app.get('/assets/*', (c) => c.text('Not Found', 404));
  // Client-side routes (/voices, /training/...) are not files: they all load the app.
  app.get(
    '*',
    lazy(() => serveStatic({ root, path: 'index.html' })),
  );
  return app;
}
