import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { sessionCookieName } from '../../src/api/contract/access';
import { sessionMaxAgeMs } from './sessions';

/**
 * The cookie's name. Over https it carries the `__Host-` prefix: browsers then accept it only
 * Secure, for Path=/ and without a Domain, so a sibling subdomain cannot plant a session of its
 * choosing here. Over plain http (loopback) the prefix would be refused, so the name stays bare.
 * The dashboard never reads the cookie (HttpOnly): only the server needs the name.
 */
export const sessionCookieNameFor = (secure: boolean): string =>
  secure ? `__Host-${sessionCookieName}` : sessionCookieName;

/**
 * HttpOnly: no script reads it. SameSite=Lax: sent when following a link here, not on another
 * site's POST. Secure when the public URL is https (over plain http on loopback a Secure cookie
 * would never come back).
 */
export function sessionCookie(publicUrl: string | undefined) {
  const secure = publicUrl?.startsWith('https:') ?? false;
  const name = sessionCookieNameFor(secure);
  const options = { httpOnly: true, sameSite: 'Lax', path: '/', secure } as const;
  return {
    name,
    read: (c: Context): string | undefined => getCookie(c, name) || undefined,
    set: (c: Context, secret: string) =>
      setCookie(c, name, secret, {
        ...options,
        maxAge: Math.floor(sessionMaxAgeMs / 1000),
      }),
    clear: (c: Context) => deleteCookie(c, name, options),
  };
}

export type SessionCookie = ReturnType<typeof sessionCookie>;
