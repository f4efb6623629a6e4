import { Hono, type Context } from 'hono';
import {
  accessMeSchema,
  accessPaths,
  accessSessionListSchema,
  accessTokenListSchema,
  createAccessTokenSchema,
  createdAccessTokenSchema,
  type AccessMode,
} from '../../src/api/contract/access';
import { errorCodes } from '../../src/api/contract/envelope';
import { describeIssues } from '../describe-issues';
import { errorResponse, forbiddenResponse, signInRequiredResponse } from '../errors';
import { jsonBodyOrRefusal } from '../request-body';
import type { SessionCookie } from './session-cookie';
import type { SessionStore } from './sessions';
import type { TokenStore } from './tokens';
import type { Principal } from './types';

/** A token request is a name and a lifetime: a few hundred bytes. */
const maxTokenRequestBytes = 4 * 1024;

export interface AccessApiDeps {
  mode: AccessMode;
  sessions: SessionStore;
  tokens: TokenStore;
  cookie: SessionCookie;
}

/** `/api/access/*`: who is asking, their personal access tokens and their sessions. */
export function accessApi({ mode, sessions, tokens, cookie }: AccessApiDeps): Hono {
  const app = new Hono();

  app.get(accessPaths.me, (c) => {
    const principal = c.get('principal');
    return c.json(
      accessMeSchema.parse({
        mode,
        user: principal?.user ?? null,
        via: principal?.via ?? null,
      }),
    );
  });

  /** Runs `handle` for a signed-in principal; answers for open mode and the signed-out itself. */
  const signedIn =
    (handle: (c: Context, principal: Principal) => Response | Promise<Response>) =>
    (c: Context) => {
      if (mode === 'open')
        return errorResponse(
          c,
          errorCodes.notFound,
          'Sign-in is not configured on this gateway (GATEWAY_PASSWORD or OIDC_ISSUER), so it has no tokens or sessions.',
        );
      const principal = c.get('principal');
      // The middleware lets no one through unsigned; this only guards a mounting mistake.
      if (!principal) return signInRequiredResponse(c, 'Sign in to manage tokens and sessions.');
      return handle(c, principal);
    };

  /**
   * Managing credentials, listing them included, takes a browser session: a leaked token must
   * not be able to make more of itself, sign its owner out of the dashboard, or learn where
   * and from what else its owner is signed in.
   */
  const bySession = (handle: (c: Context, principal: Principal) => Response | Promise<Response>) =>
    signedIn((c, principal) =>
      principal.via === 'session'
        ? handle(c, principal)
        : forbiddenResponse(
            c,
            'Tokens and sessions are managed from a signed-in browser, not with an access token.',
          ),
    );

  app.get(
    accessPaths.tokens,
    bySession(async (c, { user }) =>
      c.json(accessTokenListSchema.parse({ data: await tokens.list(user.id) })),
    ),
  );

  app.post(
    accessPaths.tokens,
    bySession(async (c, { user }) => {
      const body = await jsonBodyOrRefusal(c, {
        limit: maxTokenRequestBytes,
        what: 'A token request',
        example: '{"name": "…", "expires_in_days": 30}',
      });
      if (body instanceof Response) return body;
      const parsed = createAccessTokenSchema.safeParse(body);
      if (!parsed.success)
        return errorResponse(c, errorCodes.invalidRequest, describeIssues(parsed.error));
      const created = await tokens.create(user.id, parsed.data.name, parsed.data.expires_in_days);
      return c.json(createdAccessTokenSchema.parse(created), 201);
    }),
  );

  app.delete(
    `${accessPaths.tokens}/:id`,
    bySession(async (c, { user }) =>
      (await tokens.revoke(user.id, c.req.param('id')!))
        ? c.body(null, 204)
        : errorResponse(c, errorCodes.notFound, 'You have no token with this id.'),
    ),
  );

  app.get(
    accessPaths.sessions,
    bySession(async (c, { user, sessionId }) =>
      c.json(accessSessionListSchema.parse({ data: await sessions.list(user.id, sessionId) })),
    ),
  );

  app.delete(
    `${accessPaths.sessions}/:id`,
    bySession(async (c, { user, sessionId }) => {
      const id = c.req.param('id')!;
      if (!(await sessions.revoke(user.id, id)))
        return errorResponse(c, errorCodes.notFound, 'You have no session with this id.');
      // Ending this very session is signing out: the cookie goes too.
      if (id === sessionId) cookie.clear(c);
      return c.body(null, 204);
    }),
  );

  return app;
}
