import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { EmulatorBindings } from './context';
import { setResponseHeader } from './response-headers';

/**
 * Gives every request a fresh trace id and puts it on every response (errors, media, 404s),
 * so any answer can be quoted in a bug report. Handlers read it with `c.get('traceId')`.
 */
export function traceId(): MiddlewareHandler<EmulatorBindings> {
  return async (c, next) => {
    const id = randomUUID();
    c.set('traceId', id);
    await next();
    setResponseHeader(c, 'X-Trace-Id', id);
  };
}
