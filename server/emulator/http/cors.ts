import { cors as honoCors } from 'hono/cors';

/**
 * For the standalone emulator only, so the dashboard's direct mode can call it from another
 * origin. Never in the embedded gateway: a permissive CORS policy there would let any web
 * page read answers sent with the key the gateway injects.
 */
export function apiCors() {
  return honoCors({
    origin: '*',
    allowMethods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
    allowHeaders: ['Authorization', 'X-Stack-Id', 'Content-Type', 'Range', 'If-None-Match'],
    exposeHeaders: [
      'X-Trace-Id',
      'Retry-After',
      'Content-Range',
      'Content-Length',
      'Accept-Ranges',
      'ETag',
    ],
    maxAge: 600,
  });
}
