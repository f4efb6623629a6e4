import type { MiddlewareHandler } from 'hono';
import { hashKey } from '../principal';
import type { EmulatorBindings } from './context';
import { apiError } from './errors';
import { isPublicPath } from './public-paths';

export const unauthorizedMessage = 'Supply a valid API key: Authorization: Bearer <key>.';

/**
 * `Authorization: Bearer <key>` with one of EMULATOR_API_KEYS. Keys are compared by sha256,
 * which is also what the database stores as the owner: the key itself is kept nowhere.
 */
export function auth(apiKeys: readonly string[]): MiddlewareHandler<EmulatorBindings> {
  const accepted = new Set(apiKeys.map(hashKey));
  return async (c, next) => {
    // Preflight requests never carry credentials (CORS answers them when enabled).
    if (c.req.method === 'OPTIONS' || isPublicPath(c.req.path)) return next();
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
    const keyHash = match ? hashKey(match[1]!) : null;
    if (!keyHash || !accepted.has(keyHash)) {
      return apiError(c, 'unauthorized', unauthorizedMessage, undefined, {
        'WWW-Authenticate': 'Bearer',
      });
    }
    c.set('keyHash', keyHash);
    await next();
  };
}
