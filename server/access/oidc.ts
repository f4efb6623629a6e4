import { Hono, type Context } from 'hono';
import * as client from 'openid-client';
import { authPaths } from '../../src/api/contract/access';
import type { Env } from '../env';
import { redactingLogger, type Logger } from '../logger';
import { safeNext } from './next-path';
import { OidcSettingsError, oidcDiscovery } from './oidc-discovery';
import { hasDisplayClaims, identityFromClaims } from './oidc-identity';
import { html } from './html';
import type { RenderPage } from './pages';
import { clientAddress, type FailureLimiter } from './rate-limit';
import { hashSecret, sameSecret } from './secrets';
import { signInBinding } from './sign-in-binding';
import { signInStates, type SignInState } from './sign-in-states';
import type { SignIn } from './sign-in';
import { tooManyAttempts } from './too-many';
import type { AccessDb } from './access-db';
import type { VerifiedIdentity } from './types';

export type OidcEnv = Pick<
  Env,
  'PUBLIC_URL' | 'OIDC_ISSUER' | 'OIDC_CLIENT_ID' | 'OIDC_CLIENT_SECRET' | 'OIDC_SCOPES'
>;

/** The settings, and what createAccess hands a sign-in module (its ProviderKit). */
export interface OidcRoutesOptions {
  env: OidcEnv;
  /** The access database: its `sign_in_states` table holds the sign-ins in progress. */
  db: AccessDb;
  logger: Logger;
  /** Starts the gateway's session for whom the provider vouched for, and opens `next`. */
  signIn: SignIn;
  renderPage: RenderPage;
  /** Failed callbacks count against the address, like wrong passwords; a limited one waits. */
  limiter: FailureLimiter;
  now?: () => Date;
}

interface Failure {
  status: 400 | 500 | 503;
  title: string;
  /** Plain text (escaped): it may come from the provider. */
  message: string;
  retryHref: string;
}

/** Why a sign-in failed, for the log: the error's kind and code, never a code, token or verifier. */
function failureFields(error: unknown) {
  if (!(error instanceof Error)) return { error: String(error) };
  const { code, error: oauthError } = error as { code?: unknown; error?: unknown };
  const cause = (error.cause as { code?: unknown } | undefined)?.code;
  return {
    error: error.message,
    code: typeof code === 'string' ? code : undefined,
    oauth_error: typeof oauthError === 'string' ? oauthError : undefined,
    cause: typeof cause === 'string' ? cause : undefined,
  };
}

/**
 * The signed-out page's offer to end the provider's session too (RP-initiated logout): the
 * gateway's sign-out ends only its own, and the provider would sign the next person at this
 * browser straight back in.
 */
export function providerSignOutLink(issuer: string): { href: string; label: string } {
  return { href: authPaths.providerSignOut, label: `Also sign out of ${new URL(issuer).host}` };
}

/**
 * Sign-in through the team's OpenID Connect provider: `GET /auth/sign-in?next=` sends the
 * browser there (authorization code flow, PKCE S256, state and nonce), `GET /auth/callback`
 * takes it back, checks all three, and hands the ID token's identity to `signIn`.
 */
export function oidcRoutes({
  env,
  db,
  logger: baseLogger,
  signIn,
  renderPage,
  limiter,
  now,
}: OidcRoutesOptions): Hono {
  const { PUBLIC_URL, OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_SCOPES } = env;
  if (!PUBLIC_URL || !OIDC_ISSUER || !OIDC_CLIENT_ID)
    throw new Error('OIDC sign-in needs PUBLIC_URL, OIDC_ISSUER and OIDC_CLIENT_ID');
  const logger = redactingLogger(baseLogger, [OIDC_CLIENT_SECRET]);
  // Behind a proxy the request's own URL may say http://127.0.0.1:8787: the provider knows
  // only the registered one.
  const redirectUri = `${PUBLIC_URL}${authPaths.callback}`;
  const discovery = oidcDiscovery({
    issuer: OIDC_ISSUER,
    clientId: OIDC_CLIENT_ID,
    clientSecret: OIDC_CLIENT_SECRET,
  });
  const states = signInStates(db, now);
  const binding = signInBinding(PUBLIC_URL);
  const retryHref = (next: string) => `${authPaths.signIn}?next=${encodeURIComponent(next)}`;
  const failed = (c: Context, { status, title, message, retryHref }: Failure) =>
    renderPage(c, {
      title,
      status,
      body: html`<p>${message}</p>
        <a class="button" href="${retryHref}">Try again</a>`,
    });

  async function configuration(c: Context, next: string) {
    try {
      return await discovery.configuration();
    } catch (error) {
      const settings = error instanceof OidcSettingsError;
      logger.error('oidc discovery failed', { issuer: OIDC_ISSUER, ...failureFields(error) });
      return failed(c, {
        status: settings ? 500 : 503,
        title: 'The sign-in provider cannot be reached',
        message: settings
          ? 'The gateway is not set up to sign in through it. Ask whoever runs this gateway to check OIDC_ISSUER.'
          : 'It did not answer the gateway. Try again in a moment; if it keeps failing, ask whoever runs this gateway.',
        retryHref: retryHref(next),
      });
    }
  }

  /** The authorization response checked (state, PKCE, nonce, ID token) and turned into a person. */
  async function identityFrom(config: client.Configuration, callbackUrl: URL, saved: SignInState) {
    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      expectedState: saved.state,
      pkceCodeVerifier: saved.codeVerifier,
      expectedNonce: saved.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('the provider answered without an ID token');
    let all: Record<string, unknown> = claims;
    // Some providers keep name and email out of the ID token: ask the userinfo endpoint then.
    if (!hasDisplayClaims(claims) && config.serverMetadata().userinfo_endpoint) {
      const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      all = { ...info, ...claims };
    }
    return identityFromClaims(claims.iss, all);
  }

  const app = new Hono();

  app.get(authPaths.signIn, async (c) => {
    const next = safeNext(c.req.query('next'));
    if (c.get('principal')?.via === 'session') return c.redirect(next, 302);
    const address = clientAddress(c);
    const wait = await limiter.retryAfter(address);
    if (wait > 0) return tooManyAttempts(c, wait);
    const config = await configuration(c, next);
    if (config instanceof Response) return config;
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const bindingHash = hashSecret(binding.bind(c));
    await states.save({ state, codeVerifier, nonce, next, bindingHash, address });
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: OIDC_SCOPES,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    c.header('Cache-Control', 'no-store');
    return c.redirect(url.href, 302);
  });

  app.get(authPaths.callback, async (c) => {
    c.header('Cache-Control', 'no-store');
    const address = clientAddress(c);
    // Checked and counted in one step before anything is judged: callbacks arriving at once
    // are each counted. Whatever is not a failure below is forgotten again.
    const outcome = await limiter.attempt(address);
    if (!outcome.allowed) return tooManyAttempts(c, outcome.retryAfter);
    const { attempt } = outcome;
    const query = new URL(c.req.url).searchParams;
    const stateParam = query.get('state');
    // Taken whatever happens next: a state answers one callback, failed or not.
    const saved = stateParam ? await states.take(stateParam) : undefined;

    // Nothing from the query is shown, not even the provider's error, until the state proves
    // this browser started the sign-in: otherwise a crafted link could put words on this page.
    if (!saved) {
      await attempt.failed();
      logger.warn('oidc callback with an unknown, used or expired state', {
        address,
        has_state: Boolean(stateParam),
      });
      return failed(c, {
        status: 400,
        title: 'This sign-in has expired',
        message:
          'It was already used, or started more than 10 minutes ago, or in another browser. Sign in again.',
        retryHref: retryHref('/'),
      });
    }
    const bound = binding.read(c);
    if (!bound || !sameSecret(hashSecret(bound), saved.bindingHash)) {
      // Someone else's callback link (login CSRF), or a browser that lost its cookie.
      await attempt.failed();
      logger.warn('oidc callback from another browser than the one that started it', {
        address,
        has_binding: Boolean(bound),
      });
      return failed(c, {
        status: 400,
        title: 'This sign-in was started in another browser',
        message:
          'This sign-in was started in another browser, or this one lost track of it. To sign in here, start again from this browser.',
        retryHref: retryHref('/'),
      });
    }
    // Another tab of this browser may still be at the provider: its sign-in keeps the cookie.
    if (!(await states.pendingFor(saved.bindingHash))) binding.clear(c);
    const again = retryHref(saved.next);

    const providerError = query.get('error');
    if (providerError) {
      await attempt.forget();
      // The person declined or the provider refused: not a guess, so not counted as a failure.
      logger.warn('oidc sign-in refused by the provider', { oauth_error: providerError });
      return failed(c, {
        status: 400,
        title: 'The sign-in provider did not sign you in',
        message: query.get('error_description') ?? providerError,
        retryHref: again,
      });
    }

    const config = await configuration(c, saved.next);
    if (config instanceof Response) {
      // The provider could not be reached: nobody guessed anything.
      await attempt.forget();
      return config;
    }
    const callbackUrl = new URL(redirectUri);
    callbackUrl.search = query.toString();
    let identity: VerifiedIdentity;
    try {
      identity = await identityFrom(config, callbackUrl, saved);
    } catch (error) {
      await attempt.failed();
      logger.warn('oidc sign-in failed', { address, ...failureFields(error) });
      return failed(c, {
        status: 400,
        title: 'Sign-in did not complete',
        message: 'The gateway could not confirm who you are with the sign-in provider. Try again.',
        retryHref: again,
      });
    }
    await attempt.forget();
    return signIn(c, identity, saved.next);
  });

  // Only the client_id names who asks (no ID token is kept): the provider then asks the person
  // to confirm, so a link here from elsewhere cannot sign anyone out silently.
  app.get(authPaths.providerSignOut, async (c) => {
    const config = await configuration(c, '/');
    if (config instanceof Response) return config;
    c.header('Cache-Control', 'no-store');
    if (!config.serverMetadata().end_session_endpoint) return c.redirect(authPaths.signedOut, 303);
    const url = client.buildEndSessionUrl(config, {
      client_id: OIDC_CLIENT_ID,
      post_logout_redirect_uri: `${PUBLIC_URL}${authPaths.signedOut}`,
    });
    return c.redirect(url.href, 303);
  });

  return app;
}
