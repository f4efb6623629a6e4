import type { MiddlewareHandler } from 'hono';
import { setResponseHeader } from './response-headers';

const allowMethods = ['GET', 'HEAD', 'POST', 'OPTIONS'].join(',');
const allowHeaders = ['Authorization', 'X-Stack-Id', 'Content-Type', 'Range', 'If-None-Match'].join(
  ',',
);
const exposeHeaders = [
  'X-Trace-Id',
  'Retry-After',
  'Content-Range',
  'Content-Length',
  'Accept-Ranges',
  'ETag',
].join(',');
const maxAgeSeconds = '600';

/**
 * For the standalone emulator only, so the dashboard's direct mode can call it from another
 * origin. Never in the embedded gateway: a permissive CORS policy there would let any web
 * page read answers sent with the key the gateway injects.
 *
 * Any origin, no credentials: every preflight (OPTIONS) is answered 204 here, and every other
 * answer gets the allow and expose headers once the handler is done. Hono's `cors()` sends the
 * same headers but sets them before the handler runs, which makes Hono rebuild every
 * response to merge them (see response-headers.ts).
 */
export function apiCors(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') {
      return c.body(null, 204, {
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Expose-Headers': exposeHeaders,
        'Access-Control-Max-Age': maxAgeSeconds,
        'Access-Control-Allow-Methods': allowMethods,
        'Access-Control-Allow-Headers': allowHeaders,
        Vary: 'Access-Control-Request-Headers',
      });
    }
    await next();
    setResponseHeader(c, 'Access-Control-Allow-Origin', '*');
    setResponseHeader(c, 'Access-Control-Expose-Headers', exposeHeaders);
  };
}
