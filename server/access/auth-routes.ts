import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { authPaths, type AccessMode } from '../../src/api/contract/access';
import type { Logger } from '../logger';
import { safeNext } from './next-path';
import { passwordForm, signedOutBody, type ProviderSignOut, type RenderPage } from './pages';
import { passwordIdentity, passwordMatches } from './password';
import { clientAddress, type FailureLimiter } from './rate-limit';
import type { SessionCookie } from './session-cookie';
import type { SessionStore } from './sessions';
import type { SignIn } from './sign-in';

/** The most a POST to /auth may carry. */
export const maxFormBytes = 8 * 1024;

export interface AuthRoutesDeps {
  mode: AccessMode;
  password: string | undefined;
  userName: string;
  sessions: SessionStore;
  cookie: SessionCookie;
  limiter: FailureLimiter;
  logger: Logger;
  signIn: SignIn;
  renderPage: RenderPage;
  providerSignOut?: ProviderSignOut | undefined;
}

/**
 * The server-rendered pages under /auth. In `oidc` mode the sign-in page and the callback
 * belong to the OIDC module; the password form exists only in `password` mode.
 */
export function authRoutes(deps: AuthRoutesDeps): Hono {
  const { mode, sessions, cookie, limiter, logger, renderPage } = deps;
  const app = new Hono();
  const signInTitle = 'Sign in to Media Studio';
  // A password and a path fit in far less; anything bigger is not a sign-in form.
  const formLimit = bodyLimit({
    maxSize: maxFormBytes,
    onError: (c) => c.text('Payload Too Large', 413),
  });

  if (mode === 'open') {
    // Nothing to sign in to: go straight where the link meant to go.
    app.get(authPaths.signIn, (c) => c.redirect(safeNext(c.req.query('next')), 302));
  }

  const expected = deps.password;
  if (mode === 'password' && expected) {
    app.get(authPaths.signIn, (c) => {
      const next = safeNext(c.req.query('next'));
      if (c.get('principal')?.via === 'session') return c.redirect(next, 302);
      return renderPage(c, { title: signInTitle, body: passwordForm(next, deps.userName) });
    });

    const tooManyAttempts = (c: Context, retryAfter: number) => {
      const minutes = Math.ceil(retryAfter / 60);
      return renderPage(c, {
        title: signInTitle,
        body: passwordForm(
          safeNext(c.req.query('next')),
          deps.userName,
          `Too many failed attempts from this address. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        ),
        status: 429,
        headers: { 'Retry-After': String(retryAfter) },
      });
    };

    app.post(authPaths.password, formLimit, async (c) => {
      // Checked and counted before the body is read: a limited address gets no further, and
      // passwords sent at once are each counted before any is judged.
      const address = clientAddress(c);
      const outcome = await limiter.attempt(address);
      if (!outcome.allowed) return tooManyAttempts(c, outcome.retryAfter);
      const form = await c.req.parseBody();
      const next = safeNext(form['next']);
      const given = typeof form['password'] === 'string' ? form['password'] : '';
      if (!passwordMatches(given, expected)) {
        await outcome.attempt.failed();
        // The address and why; never what was typed.
        logger.warn('sign-in failed', { address, reason: 'wrong password' });
        return renderPage(c, {
          title: signInTitle,
          body: passwordForm(
            next,
            deps.userName,
            'That password is not right. Check it and try again.',
          ),
          status: 401,
        });
      }
      await outcome.attempt.forget();
      return deps.signIn(c, passwordIdentity(deps.userName), next);
    });
  }

  app.post(authPaths.signOut, formLimit, async (c) => {
    const secret = cookie.read(c);
    if (secret) await sessions.revokeSecret(secret);
    cookie.clear(c);
    return c.redirect(authPaths.signedOut, 303);
  });

  app.get(authPaths.signedOut, (c) =>
    renderPage(c, { title: 'You are signed out', body: signedOutBody(deps.providerSignOut) }),
  );

  // Mounted after every /auth page: any other path there is not the dashboard's either.
  app.all('/auth/*', (c) => c.text('Not Found', 404));

  return app;
}
