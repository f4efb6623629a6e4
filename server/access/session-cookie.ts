import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { sessionCookieName } from '../../src/api/contract/access';
import { sessionMaxAgeMs } from './sessions';

/**
 * HttpOnly: no script reads it. SameSite=Lax: sent when following a link here, not on another
 * site's POST. Secure when the public URL is https (over plain http on loopback a Secure cookie
 * would never come back).
 */
export function sessionCookie(publicUrl: string | undefined) {
  const secure = publicUrl?.startsWith('https:') ?? false;
  const options = { httpOnly: true, sameSite: 'Lax', path: '/', secure } as const;
  return {
    read: (c: Context): string | undefined => getCookie(c, sessionCookieName) || undefined,
    set: (c: Context, secret: string) =>
      setCookie(c, sessionCookieName, secret, {
        ...options,
        maxAge: Math.floor(sessionMaxAgeMs / 1000),
      }),
    clear: (c: Context) => deleteCookie(c, sessionCookieName, options),
  };
}

export type SessionCookie = ReturnType<typeof sessionCookie>;
