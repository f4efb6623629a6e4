import type { MiddlewareHandler } from 'hono';
import { accessTokenPrefix, authPaths } from '../../src/api/contract/access';
import { signInRequiredResponse } from '../errors';
import type { Logger } from '../logger';
import { rawTarget } from '../path-guard';
import { clientAddress, type FailureLimiter } from './rate-limit';
import type { SessionCookie } from './session-cookie';
import type { SessionStore } from './sessions';
import type { TokenStore } from './tokens';
import { tooManyAttempts } from './too-many';

const publicAuthPaths: ReadonlySet<string> = new Set(Object.values(authPaths));

/**
 * What anyone may fetch without signing in: the sign-in pages themselves (exactly those), and
 * the files the browser asks for around them (content-hashed bundles, icons, manifest,
 * robots.txt, the service worker, which a browser checks for updates while signed out), none of
 * which holds data. `/api/gateway/status` is not among them: it names the
 * upstream's origin, which on a private network is an internal address a stranger has no use for.
 */
export function isPublicPath(path: string): boolean {
  return (
    publicAuthPaths.has(path) ||
    path.startsWith('/assets/') ||
    path.startsWith('/icons/') ||
    ['/robots.txt', '/manifest.webmanifest', '/favicon.svg', '/favicon.ico', '/sw.js'].includes(
      path,
    )
  );
}

/** /auth belongs to the gateway: a path there that is not one of its pages is not the app's either. */
export function isUnknownAuthPath(path: string): boolean {
  return (path === '/auth' || path.startsWith('/auth/')) && !publicAuthPaths.has(path);
}

/**
 * The personal access token in `Authorization: Bearer msat_…`, if that is what it holds.
 * Anything else there (HTTP Basic added by a proxy, a service key sent by habit) is not the
 * gateway's credential: it neither signs in nor counts as a failure, and it is never forwarded
 * when sign-in is on (forward-headers.ts).
 */
function gatewayToken(authorization: string | undefined): string | undefined {
  const credential = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  return credential?.startsWith(accessTokenPrefix) ? credential : undefined;
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
 * A request that carries a token is judged by it alone: a bad token is refused even with a
 * good cookie beside it, so a script never acts as whoever shares its browser.
 *
 * A valid token passes even while its address is limited: behind a proxy everyone may share
 * that address, and a stranger's junk must not lock out the scripts that hold a real token.
 * Only failures are counted, and only further failures are refused (429).
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
    const token = gatewayToken(authorization);
    if (token !== undefined) {
      const verified = await tokens.verify(token);
      if (verified) {
        c.set('principal', { user: verified.user, via: 'token', token: verified.token });
        return next();
      }
      const address = clientAddress(c);
      const retryAfter = await limiter.retryAfter(address);
      if (retryAfter > 0) return tooManyAttempts(c, retryAfter);
      await limiter.fail(address);
      logger.warn('sign-in failed', {
        address,
        reason: 'unknown or revoked token',
        path: c.req.path,
      });
      return signInRequiredResponse(
        c,
        'The access token is not valid: it may have been revoked or mistyped. Create a personal access token (msat_…) in the dashboard’s settings.',
      );
    }

    const secret = cookie.read(c);
    const session = secret ? await sessions.find(secret) : null;
    if (session) {
      c.set('principal', { user: session.user, via: 'session', sessionId: session.id });
      return next();
    }
    if (isPublicPath(c.req.path)) return next();
    if (isUnknownAuthPath(c.req.path)) return c.text('Not Found', 404);

    // A scraper of /metrics reads a refusal, not the sign-in page it cannot fill in.
    const isApi = c.req.path.startsWith('/api/') || c.req.path === '/metrics';
    if (isApi || !['GET', 'HEAD'].includes(c.req.method)) {
      return signInRequiredResponse(
        c,
        authorization === undefined
          ? 'Sign in to use this gateway, or send a personal access token as Authorization: Bearer msat_….'
          : 'The Authorization header holds no personal access token: sign in, or send one as Authorization: Bearer msat_….',
      );
    }
    // A page: come back to it once signed in.
    const back = new URLSearchParams({ next: rawTarget(c) });
    return c.redirect(`${authPaths.signIn}?${back}`, 302);
  };
}
