// No zod here: the dashboard's pages and its query layer read these before any schema loads.

/**
 * Who may use a gateway. `open`: no sign-in (the default, on loopback only). `password`: one
 * person, a password set on the server. `oidc`: the team's identity provider (OpenID Connect).
 * In the last two, scripts use personal access tokens (`Authorization: Bearer`).
 */
export const accessModes = ['open', 'password', 'oidc'] as const;
export type AccessMode = (typeof accessModes)[number];

/** The gateway's own pages and form targets for signing in and out (server-rendered). */
export const authPaths = {
  signIn: '/auth/sign-in',
  password: '/auth/password',
  callback: '/auth/callback',
  signOut: '/auth/sign-out',
  signedOut: '/auth/signed-out',
  /** In `oidc` mode: on to the provider's own sign-out, which sends the browser back to signedOut. */
  providerSignOut: '/auth/provider-sign-out',
} as const;

/** The gateway's access API (never forwarded upstream). */
export const accessPaths = {
  me: '/api/access/me',
  tokens: '/api/access/tokens',
  token: (id: string) => `/api/access/tokens/${encodeURIComponent(id)}`,
  sessions: '/api/access/sessions',
  session: (id: string) => `/api/access/sessions/${encodeURIComponent(id)}`,
} as const;

/** The session cookie's name. */
export const sessionCookieName = 'media_studio_session';
/** Every personal access token starts with this, so a leaked one is recognisable. */
export const accessTokenPrefix = 'msat_';

/** The longest name a personal access token may have. */
export const accessTokenNameMax = 60;

/**
 * The gateway's 401 code when a request has no valid session or token: the dashboard then
 * goes to the sign-in page. (The service's own 401 is `unauthorized`: a wrong API key.)
 */
export const signInRequiredCode = 'sign_in_required';
