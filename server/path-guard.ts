import type { Context, MiddlewareHandler } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import { errorCodes } from '../src/api/contract/envelope';
import { errorResponse } from './errors';

/** How many rounds of percent-decoding we look through (`%252e` is `.` after two). */
const DECODE_ROUNDS = 3;

/** The node request, when the app runs under @hono/node-server (absent under `app.request`). */
export function incomingOf(c: Context): HttpBindings['incoming'] | undefined {
  return (c.env as Partial<HttpBindings> | undefined)?.incoming;
}

/**
 * The request target as the client sent it. URL parsing resolves `..`, `%2e%2e` and
 * absolute-form targets before routing sees them, so the checks read the raw line when a
 * node request is there, and the parsed URL otherwise (in-process tests, where nothing raw exists).
 */
export function rawTarget(c: Context): string {
  const raw = incomingOf(c)?.url;
  if (typeof raw === 'string') return raw;
  const url = new URL(c.req.url);
  return url.pathname + url.search;
}

export function splitTarget(target: string): { path: string; search: string } {
  const q = target.indexOf('?');
  return q < 0
    ? { path: target, search: '' }
    : { path: target.slice(0, q), search: target.slice(q) };
}

/** Why a raw request target is refused, or null when it is safe to route and forward. */
export function unsafeTargetReason(target: string): string | null {
  // Absolute-form (`GET http://evil.example/...`) or `*`: we are not a forward proxy.
  if (!target.startsWith('/')) return 'absolute-form request target';
  let current = splitTarget(target).path;
  for (let round = 0; round < DECODE_ROUNDS; round++) {
    if (current.includes('\\')) return 'backslash in path';
    if (current.includes('//')) return 'empty path segment';
    if (/%(2f|5c)/i.test(current)) return 'encoded slash in path';
    // eslint-disable-next-line no-control-regex
    if (/[\x00-\x1f\x7f]/.test(current)) return 'control character in path';
    if (current.split('/').some((segment) => segment === '.' || segment === '..'))
      return 'dot segment in path';
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return 'malformed percent-encoding in path';
    }
    if (decoded === current) return null;
    current = decoded;
  }
  // Still changing after several rounds: nothing legitimate is encoded that deep.
  return 'path encoded too many times';
}

/** Refuses unsafe targets on every route, before any routing or static lookup. */
export function pathGuard(): MiddlewareHandler {
  return async (c, next) => {
    const reason = unsafeTargetReason(rawTarget(c));
    if (reason)
      return errorResponse(
        c,
        errorCodes.invalidRequest,
        `The request path is not allowed (${reason}).`,
      );
    await next();
  };
}
