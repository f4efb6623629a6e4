import type { MiddlewareHandler } from 'hono';
import { authPaths } from '../../src/api/contract/access';
import { signInRequiredResponse } from '../errors';
import type { Logger } from '../logger';
import { rawTarget } from '../path-guard';
import { clientAddress, type FailureLimiter } from './rate-limit';
import type { SessionCookie } from './session-cookie';
import type { SessionStore } from './sessions';
import type { TokenStore } from './tokens';
import { tooManyAttempts } from './too-many';

/**
 * What anyone may fetch without signing in: the sign-in pages themselves, and the files the
 * browser asks for around them (content-hashed bundles, icons, manifest, robots.txt), none of
 * which holds data. `/api/gateway/status` is not among them: it names the upstream's origin,
 * which on a private network is an internal address a stranger has no use for.
 */
export function isPublicPath(path: string): boolean {
  return (
    path.startsWith('/auth/') ||
    path.startsWith('/assets/') ||
    path.startsWith('/icons/') ||
    ['/robots.txt', '/manifest.webmanifest', '/favicon.svg', '/favicon.ico'].includes(path)
  );
}

export interface RequireSignInDeps {
  sessions: SessionStore;
  tokens: TokenStore;
  cookie: SessionCookie;
  limiter: FailureLimiter;
  logger: Logger;
}

/**
 * Lets a request through only for someone signed in, by a personal access token
 * (`Authorization: Bearer msat_…`) or the session cookie, and records who in `principal`.
 * A request that carries Authorization is judged by it alone: a bad token is refused even
 * with a good cookie beside it, so a script never acts as whoever shares its browser.
 */
export function requireSignIn({
  sessions,
  tokens,
  cookie,
  limiter,
  logger,
}: RequireSignInDeps): MiddlewareHandler {
  return async (c, next) => {
    c.set('principal', undefined);
    const authorization = c.req.header('authorization');
    if (authorization !== undefined) {
      const address = clientAddress(c);
      const retryAfter = limiter.retryAfter(address);
      if (retryAfter > 0) return tooManyAttempts(c, retryAfter);
      const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
      const verified = match ? tokens.verify(match[1]!) : null;
      if (!verified) {
        limiter.fail(address);
        logger.warn('sign-in failed', {
          address,
          reason: match ? 'unknown or revoked token' : 'authorization is not a bearer token',
          path: c.req.path,
        });
        return signInRequiredResponse(
          c,
          'The access token is not valid: it may have been revoked or mistyped. Create a personal access token (msat_…) in the dashboard’s settings.',
        );
      }
      c.set('principal', { user: verified.user, via: 'token', token: verified.token });
      return next();
    }

    const secret = cookie.read(c);
    const session = secret ? sessions.find(secret) : null;
    if (session) {
      c.set('principal', { user: session.user, via: 'session', sessionId: session.id });
      return next();
    }
    if (isPublicPath(c.req.path)) return next();

    if (c.req.path.startsWith('/api/') || !['GET', 'HEAD'].includes(c.req.method)) {
      return signInRequiredResponse(
        c,
        'Sign in to use this gateway, or send a personal access token as Authorization: Bearer msat_….',
      );
    }
    // A page: come back to it once signed in.
    const back = new URLSearchParams({ next: rawTarget(c) });
    return c.redirect(`${authPaths.signIn}?${back}`, 302);
  };
}
