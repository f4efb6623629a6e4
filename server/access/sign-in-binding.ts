import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { randomSecret } from './secrets';
import { signInStateTtlMs } from './sign-in-states';

/** What randomSecret makes: 32 bytes, base64url. Anything else in the cookie is not ours. */
const wellFormed = /^[A-Za-z0-9_-]{43}$/;

/**
 * The cookie that ties a sign-in in progress to the browser that started it, so a callback link
 * made by someone else (login CSRF: signing the victim in as the attacker) is refused. Its value
 * is random and only its hash is stored with the state.
 *
 * Path=/auth: only the sign-in pages see it. That rules out `__Host-` (Path=/ only), so over
 * https it is `__Secure-`. SameSite=Lax: the provider's redirect back is a top-level GET, which
 * carries it. It lives as long as a sign-in may take.
 */
export function signInBinding(publicUrl: string) {
  const secure = publicUrl.startsWith('https:');
  const name = secure ? '__Secure-media_studio_sign_in' : 'media_studio_sign_in';
  const options = { httpOnly: true, sameSite: 'Lax', path: '/auth', secure } as const;
  const read = (c: Context): string | undefined => {
    const value = getCookie(c, name);
    return value && wellFormed.test(value) ? value : undefined;
  };
  return {
    read,
    /**
     * The browser's binding, set (or refreshed) for another sign-in. Kept when it already has
     * one, so two tabs signing in at once do not undo each other.
     */
    bind(c: Context): string {
      const value = read(c) ?? randomSecret();
      setCookie(c, name, value, { ...options, maxAge: Math.floor(signInStateTtlMs / 1000) });
      return value;
    },
    clear: (c: Context) => deleteCookie(c, name, options),
  };
}

export type SignInBinding = ReturnType<typeof signInBinding>;
