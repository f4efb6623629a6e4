import type { MiddlewareHandler } from 'hono';
import type { EmulatorBindings } from './context';
import { apiError } from './errors';

const WINDOW_MS = 60_000;

/**
 * EMULATOR_RATE_LIMIT requests per minute per API key, in fixed one-minute windows: simple,
 * and Retry-After can say exactly when the window reopens. Runs after auth (it needs the key).
 */
export function rateLimit(perMinute: number, now: () => Date): MiddlewareHandler<EmulatorBindings> {
  const windows = new Map<string, { start: number; count: number }>();
  return async (c, next) => {
    const key = c.get('keyHash');
    if (!key) return next();
    const time = now().getTime();
    let window = windows.get(key);
    if (!window || time - window.start >= WINDOW_MS) {
      window = { start: time, count: 0 };
      windows.set(key, window);
    }
    window.count += 1;
    if (window.count > perMinute) {
      const retryAfter = Math.max(1, Math.ceil((window.start + WINDOW_MS - time) / 1000));
      return apiError(
        c,
        'rate_limit_exceeded',
        `Too many requests: the limit is ${perMinute} per minute per API key. Wait ${retryAfter} s before sending another request.`,
        undefined,
        { 'Retry-After': String(retryAfter) },
      );
    }
    await next();
  };
}
