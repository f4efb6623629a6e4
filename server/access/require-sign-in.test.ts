/**
 * Who the sign-in gate lets through, and what it answers everyone else: in process, in front of
 * a route that reports who it acts for, with real stores in an access.sqlite and a clock the
 * tests move. Each request comes from a client address of the test's choosing.
 */
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authPaths, type AccessUser } from '../../src/api/contract/access';
import { testAccessDatabase, type TestAccessDatabase } from '../test-support/access-database';
import { captureLogger } from '../test-support/gateway-server';
import type { AccessDb } from './access-db';
import { passwordIdentity } from './password';
import { failureLimiter, failureWindowMs, maxFailures, type FailureLimiter } from './rate-limit';
import { requireSignIn } from './require-sign-in';
import { sessionCookie } from './session-cookie';
import { sessionStore, type SessionStore } from './sessions';
import { tokenStore, type TokenStore } from './tokens';
import { userStore } from './users';

const client = '203.0.113.5';
let database: TestAccessDatabase;
let db: AccessDb;
let at: number;
let logger: ReturnType<typeof captureLogger>;
let sessions: SessionStore;
let tokens: TokenStore;
let limiter: FailureLimiter;
let owner: AccessUser;
let app: Hono;

beforeEach(async () => {
  database = await testAccessDatabase('sqlite');
  db = await database.open();
  at = Date.parse('2026-01-01T00:00:00.000Z');
  const now = () => new Date(at);
  logger = captureLogger();
  sessions = sessionStore(db, now, 24);
  tokens = tokenStore(db, now);
  limiter = failureLimiter(db, now);
  owner = await userStore(db, now).upsert(passwordIdentity('Owner'));
  app = new Hono();
  app.use(
    '*',
    requireSignIn({ sessions, tokens, cookie: sessionCookie(undefined), limiter, logger }),
  );
  app.all('*', (c) => c.json({ principal: c.get('principal') ?? null }));
});

afterEach(() => database.remove());

interface Sent {
  method?: string;
  headers?: Record<string, string>;
  /** The address the connection comes from; none: a request with no socket at all. */
  from?: string | null;
}

function send(path: string, { method = 'GET', headers = {}, from = client }: Sent = {}) {
  const env = from === null ? undefined : { incoming: { socket: { remoteAddress: from } } };
  return app.request(`http://127.0.0.1:8787${path}`, { method, headers }, env);
}

const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

async function signedInCookie(): Promise<{ cookie: string; id: string }> {
  const { id, secret } = await sessions.create(owner.id, 'Firefox');
  return { cookie: `media_studio_session=${secret}`, id };
}

async function expectSignInRequired(res: Response, message: string) {
  expect(res.status).toBe(401);
  expect(await res.json()).toEqual({ error: { code: 'sign_in_required', message } });
}

const noCredential =
  'Sign in to use this gateway, or send a personal access token as Authorization: Bearer msat_….';
const notAGatewayToken =
  'The Authorization header holds no personal access token: sign in, or send one as Authorization: Bearer msat_….';
const badToken =
  'The access token is not valid: it may have been revoked or mistyped. Create a personal access token (msat_…) in the dashboard’s settings.';

describe('without a session or token', () => {
  it('lets anyone fetch the sign-in pages and the files around them, as nobody', async () => {
    const open = [
      ...Object.values(authPaths),
      '/assets/index-3f2a.js',
      '/icons/icon-192.png',
      '/robots.txt',
      '/manifest.webmanifest',
      '/favicon.svg',
      '/favicon.ico',
      '/sw.js',
    ];
    for (const path of open) {
      const res = await send(path);
      expect(res.status, path).toBe(200);
      expect(await res.json(), path).toEqual({ principal: null });
    }
    // The password form is posted before anyone is signed in.
    expect((await send(authPaths.password, { method: 'POST' })).status).toBe(200);
  });

  it('keeps paths that only look like the public ones behind sign-in', async () => {
    for (const path of [
      '/assets',
      '/assetsx/app.js',
      '/jobs/assets/app.js',
      '/icons',
      '/robots.txt/x',
      '/favicon.svg.map',
      '/manifest.json',
    ]) {
      const res = await send(path);
      expect(res.status, path).toBe(302);
    }
  });

  it('answers a path under /auth that is not one of the gateway’s pages with a plain 404', async () => {
    for (const path of ['/auth', '/auth/', '/auth/x', '/auth/sign-in/']) {
      const res = await send(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).toBe('Not Found');
    }
    // Only /auth itself is the gateway's: a page whose name starts alike is the app's.
    expect((await send('/authors')).status).toBe(302);
  });

  it('sends a browser to the sign-in page, to come back to the page it asked for', async () => {
    for (const method of ['GET', 'HEAD']) {
      const res = await send('/jobs?kind=image&q=a%2Fb', { method });
      expect(res.status, method).toBe(302);
      expect(res.headers.get('location'), method).toBe(
        '/auth/sign-in?next=%2Fjobs%3Fkind%3Dimage%26q%3Da%252Fb',
      );
    }
    // Paths that only start like the API's are pages too.
    expect((await send('/api')).status).toBe(302);
    expect((await send('/metrics/x')).status).toBe(302);
  });

  it('answers the API, /metrics and any change of state with 401, not a page to fill in', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/voice/list'],
      ['GET', '/api/gateway/status'],
      ['GET', '/metrics'],
      ['POST', '/jobs'],
      ['DELETE', '/settings'],
      ['OPTIONS', '/settings'],
    ] as const)
      await expectSignInRequired(await send(path, { method }), noCredential);
  });

  it('says that an Authorization header which is not the gateway’s token does not sign in, and counts no failure', async () => {
    for (const authorization of ['Basic dXNlcjpwYXNz', 'Bearer sk-service-key', 'msat_bare'])
      for (let i = 0; i <= maxFailures; i++)
        await expectSignInRequired(
          await send('/api/v1/voice/list', { headers: { authorization } }),
          notAGatewayToken,
        );
    expect(await limiter.retryAfter(client)).toBe(0);
    expect(logger.lines).toEqual([]);
  });
});

describe('a personal access token', () => {
  it('acts as its owner, however the Bearer scheme is spelled', async () => {
    const created = await tokens.create(owner.id, 'backup script');
    for (const authorization of [
      `Bearer ${created.token}`,
      `bearer ${created.token}`,
      `BEARER   ${created.token}`,
      `Bearer\t${created.token}`,
    ]) {
      const res = await send('/api/v1/voice/list', { headers: { authorization } });
      expect(res.status, authorization).toBe(200);
      expect(await res.json()).toEqual({
        principal: {
          user: owner,
          via: 'token',
          token: { id: created.id, name: 'backup script' },
        },
      });
    }
  });

  it('is read only from a header that holds nothing but it', async () => {
    const { token } = await tokens.create(owner.id, 'ci');
    for (const authorization of [
      `Bearer ${token} extra`,
      `Token Bearer ${token}`,
      `Bearer${token}`,
      token,
    ])
      await expectSignInRequired(
        await send('/api/v1/voice/list', { headers: { authorization } }),
        notAGatewayToken,
      );
  });

  it('is refused when unknown or revoked, even beside a good cookie, and the failure is logged', async () => {
    const { cookie } = await signedInCookie();
    const created = await tokens.create(owner.id, 'old');
    await tokens.revoke(owner.id, created.id);
    await expectSignInRequired(
      await send('/api/v1/voice/list', {
        headers: { authorization: `Bearer ${created.token}`, cookie },
      }),
      badToken,
    );
    await expectSignInRequired(await send('/jobs', bearer('msat_mistyped')), badToken);
    expect(logger.lines).toEqual([
      `warn sign-in failed ${JSON.stringify({ address: client, reason: 'unknown or revoked token', path: '/api/v1/voice/list' })}`,
      `warn sign-in failed ${JSON.stringify({ address: client, reason: 'unknown or revoked token', path: '/jobs' })}`,
    ]);
  });

  it('is refused once expired', async () => {
    const created = await tokens.create(owner.id, 'week', 7);
    expect((await send('/api/v1/voice/list', bearer(created.token))).status).toBe(200);
    at += 7 * 24 * 60 * 60_000;
    await expectSignInRequired(await send('/api/v1/voice/list', bearer(created.token)), badToken);
  });

  it('counts bad tokens against the address: after ten, 429 with when to retry, while a valid token still works', async () => {
    const { token } = await tokens.create(owner.id, 'poller');
    for (let i = 0; i < maxFailures; i++)
      expect((await send('/api/v1/voice/list', bearer(`msat_junk${i}`))).status).toBe(401);
    const limited = await send('/api/v1/voice/list', bearer('msat_junk'));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe(String(failureWindowMs / 1000));
    expect(await limited.text()).toBe(
      'Too many failed sign-in attempts from this address. Try again in 15 minutes.',
    );
    // Refused, not judged: the eleventh is not logged as a failure.
    expect(logger.lines).toHaveLength(maxFailures);
    expect((await send('/api/v1/voice/list', bearer(token))).status).toBe(200);
    // Another client's tokens are judged as ever.
    expect(
      (await send('/api/v1/voice/list', { ...bearer('msat_junk'), from: '198.51.100.9' })).status,
    ).toBe(401);
    at += failureWindowMs;
    expect((await send('/api/v1/voice/list', bearer('msat_junk'))).status).toBe(401);
  });

  it('counts the failures of a request with no socket under the address "unknown"', async () => {
    await send('/api/v1/voice/list', { ...bearer('msat_junk'), from: null });
    expect(logger.lines.join('\n')).toContain('"address":"unknown"');
    expect(await limiter.retryAfter('unknown')).toBe(0);
    for (let i = 1; i < maxFailures; i++)
      await send('/api/v1/voice/list', { ...bearer('msat_junk'), from: null });
    expect(await limiter.retryAfter('unknown')).toBeGreaterThan(0);
  });
});

describe('a session cookie', () => {
  it('acts as its user, on pages and the API alike', async () => {
    const { cookie, id } = await signedInCookie();
    for (const path of ['/jobs', '/api/v1/voice/list', '/metrics']) {
      const res = await send(path, { method: 'POST', headers: { cookie } });
      expect(res.status, path).toBe(200);
      expect(await res.json()).toEqual({
        principal: { user: owner, via: 'session', sessionId: id },
      });
    }
  });

  it('is as good as none once expired or signed out', async () => {
    const first = await signedInCookie();
    const second = await signedInCookie();
    await sessions.revoke(owner.id, second.id);
    expect((await send('/jobs', { headers: { cookie: second.cookie } })).status).toBe(302);
    at += 24 * 60 * 60_000;
    expect((await send('/jobs', { headers: { cookie: first.cookie } })).status).toBe(302);
    await expectSignInRequired(
      await send('/api/v1/voice/list', { headers: { cookie: first.cookie } }),
      noCredential,
    );
  });

  it('with an empty or unknown value is as good as none', async () => {
    for (const cookie of ['media_studio_session=', 'media_studio_session=forged'])
      expect((await send('/jobs', { headers: { cookie } })).status).toBe(302);
  });
});
