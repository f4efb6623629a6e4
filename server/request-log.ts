import type { MiddlewareHandler } from 'hono';
import type { Logger } from './logger';
import { rawTarget, splitTarget } from './path-guard';

/**
 * One line per request: method, path (never the query, which may carry user data), status
 * and time to the response head (a streamed body may flow for much longer). Never headers.
 */
export function requestLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    logger.info('request', {
      method: c.req.method,
      path: splitTarget(rawTarget(c)).path,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    });
  };
}
