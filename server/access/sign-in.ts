import type { Context } from 'hono';
import type { Logger } from '../logger';
import { safeNext } from './next-path';
import { clientAddress } from './rate-limit';
import type { SessionCookie } from './session-cookie';
import type { SessionStore } from './sessions';
import type { VerifiedIdentity } from './types';
import type { UserStore } from './users';

/**
 * Signs in someone the password form or the identity provider vouched for: their user row,
 * a new session, its cookie, and a 303 to `next` (a same-site path, else `/`). A session the
 * browser already held ends first: a session planted before sign-in is never the one that
 * gets signed in (no fixation), and signing in again leaves no orphan behind.
 */
export type SignIn = (c: Context, identity: VerifiedIdentity, next: string) => Promise<Response>;

export function signInWith(deps: {
  users: UserStore;
  sessions: SessionStore;
  cookie: SessionCookie;
  logger: Logger;
}): SignIn {
  return async (c, identity, next) => {
    const user = await deps.users.upsert(identity);
    const held = deps.cookie.read(c);
    if (held) await deps.sessions.revokeSecret(held);
    const session = await deps.sessions.create(user.id, c.req.header('user-agent') ?? null);
    deps.cookie.set(c, session.secret);
    deps.logger.info('signed in', {
      user: user.id,
      issuer: identity.issuer,
      address: clientAddress(c),
    });
    // 303: the browser follows a form POST with a GET.
    return c.redirect(safeNext(next), 303);
  };
}
