import { Hono, type MiddlewareHandler } from 'hono';
import type { AccessMode } from '../../src/api/contract/access';
import { accessModeOf, type Env } from '../env';
import type { Logger } from '../logger';
import { accessApi } from './access-api';
import type { AccessDb } from './access-db';
import { authRoutes } from './auth-routes';
import { renderPage, type ProviderSignOut, type RenderPage } from './pages';
import { endSessionsIfPasswordChanged } from './password-change';
import { trustedProxies } from './client-address';
import { failureLimiter, recordClientAddress, type FailureLimiter } from './rate-limit';
import { requireSignIn } from './require-sign-in';
import { sessionCookie } from './session-cookie';
import { sessionStore } from './sessions';
import { sharedAnswers } from './shared-answers';
import { signInWith, type SignIn } from './sign-in';
import { tokenStore } from './tokens';
import type { Principal } from './types';
import { userStore, type Clock } from './users';

/** Expired sessions are refused on sight; the sweep only keeps the table from growing. */
const pruneEveryMs = 60 * 60_000;
/** How long the streams of one session or token share whether it is still current. */
const currentnessMs = 250;

/** What a sign-in module (the OIDC flow) is handed to build its routes. */
export interface ProviderKit {
  db: AccessDb;
  signIn: SignIn;
  renderPage: RenderPage;
  /** Failed sign-in attempts per client address, shared with the password form and tokens. */
  limiter: FailureLimiter;
  logger: Logger;
  now: Clock;
}

export interface CreateAccessOptions {
  env: Env;
  /** The access database, opened (openAccessDatabase): the access closes it. */
  db: AccessDb;
  logger: Logger;
  /** The clock sessions and tokens are timed by; tests move it. */
  now?: Clock;
  /**
   * The identity provider's routes (`/auth/sign-in`, `/auth/callback` in `oidc` mode), mounted
   * before the gateway's own /auth pages.
   */
  providerRoutes?: (kit: ProviderKit) => Hono;
  /** Offered on the signed-out page: ending the provider's own session too. */
  providerSignOut?: ProviderSignOut;
}

export interface Access {
  mode: AccessMode;
  /** Lets through only signed-in requests (and the public paths); does nothing in `open` mode. */
  middleware: MiddlewareHandler;
  /** /auth/* pages and /api/access/*: mount at the root, before the API's catch-all. */
  routes: Hono;
  signIn: SignIn;
  renderPage: RenderPage;
  db: AccessDb;
  /**
   * Whether what let a request in still holds: its session not signed out, revoked or expired,
   * its token not revoked or expired. A long-lived request (the event stream) asks as it goes.
   */
  isCurrent(principal: Principal): Promise<boolean>;
  /**
   * The same, for a question asked over and over (every open event stream, twice a second):
   * the streams of one session or token share an answer for a quarter of a second.
   */
  stillCurrent(principal: Principal): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The gateway's access control: who may use it, how they sign in, their tokens and sessions.
 * Ready once the sessions of a changed password have ended.
 */
export async function createAccess({
  env,
  db,
  logger,
  now = () => new Date(),
  providerRoutes,
  providerSignOut,
}: CreateAccessOptions): Promise<Access> {
  const mode = accessModeOf(env);
  const users = userStore(db, now);
  const sessions = sessionStore(db, now, env.SESSION_IDLE_HOURS);
  const tokens = tokenStore(db, now);
  const cookie = sessionCookie(env.PUBLIC_URL);
  const limiter = failureLimiter(db, now);
  const proxyTrust = Array.isArray(env.TRUST_PROXY)
    ? trustedProxies(env.TRUST_PROXY)
    : (env.TRUST_PROXY ?? 0);
  // Every open event stream asks twice a second; the streams of one session share the answer.
  const currentness = sharedAnswers<boolean>(currentnessMs);
  const isCurrent = async (principal: Principal) => {
    if (principal.via === 'session')
      return principal.sessionId !== undefined && sessions.isCurrent(principal.sessionId);
    return principal.token !== undefined && tokens.isCurrent(principal.token.id);
  };
  const signIn = signInWith({ users, sessions, cookie, logger });
  if (mode === 'password' && env.GATEWAY_PASSWORD)
    await endSessionsIfPasswordChanged({ db, password: env.GATEWAY_PASSWORD, sessions, logger });

  const routes = new Hono();
  if (mode === 'oidc') {
    // Without them nobody could ever sign in: better to stop with the reason than to serve that.
    if (!providerRoutes) throw new Error('OIDC_ISSUER is set, but this build has no OIDC sign-in.');
    routes.route('/', providerRoutes({ db, signIn, renderPage, limiter, logger, now }));
  }
  routes.route(
    '/',
    authRoutes({
      mode,
      password: env.GATEWAY_PASSWORD,
      userName: env.GATEWAY_USER_NAME,
      sessions,
      cookie,
      limiter,
      logger,
      signIn,
      renderPage,
      providerSignOut,
    }),
  );
  routes.route('/', accessApi({ mode, sessions, tokens, cookie }));

  const gate: MiddlewareHandler =
    mode === 'open'
      ? async (c, next) => {
          c.set('principal', undefined);
          await next();
        }
      : requireSignIn({ sessions, tokens, cookie, limiter, logger });
  // The client's address first: the limiter and the sign-in log lines read it.
  const middleware: MiddlewareHandler = (c, next) => {
    recordClientAddress(c, proxyTrust);
    return gate(c, next);
  };

  await sessions.prune();
  const sweep = setInterval(() => {
    sessions
      .prune()
      .catch((error: unknown) =>
        logger.warn('expired sessions not pruned', { error: String(error) }),
      );
  }, pruneEveryMs);
  sweep.unref();

  return {
    mode,
    middleware,
    routes,
    signIn,
    renderPage,
    db,
    isCurrent,
    stillCurrent(principal) {
      const key =
        principal.via === 'session'
          ? `session:${principal.sessionId ?? ''}`
          : `token:${principal.token?.id ?? ''}`;
      return currentness.get(key, () => isCurrent(principal));
    },
    async close() {
      clearInterval(sweep);
      await db.close();
    },
  };
}
