/**
 * Several gateway replicas sharing one PostgreSQL act as one: each replica here is an access of
 * its own (its own pool of connections, its own clock reading) on the same database, as
 * replicas behind a load balancer are, and a browser's requests land on either.
 */
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accessPaths, authPaths } from '../../src/api/contract/access';
import type { Env } from '../env';
import { testAccessDatabase, type TestAccessDatabase } from '../test-support/access-database';
import { captureLogger, testEnv } from '../test-support/gateway-server';
import { browseProvider, startOidcProvider } from '../test-support/oidc-provider';
import { createAccess, type Access } from './access';
import { oidcRoutes } from './oidc';
import { maxFailures } from './rate-limit';
import { signInStates } from './sign-in-states';
import type { Principal } from './types';

const PASSWORD = 'correct horse battery';

let database: TestAccessDatabase;
const cleanups: Array<() => Promise<void>> = [];

beforeEach(async () => {
  database = await testAccessDatabase('postgres');
});

afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
  await database.remove();
});

interface Replica {
  access: Access;
  request(path: string, init?: RequestInit): Promise<Response>;
}

/** One replica: the access middleware and routes, as the gateway mounts them. */
async function replica(env: Env): Promise<Replica> {
  const access = await createAccess({
    env,
    db: await database.open(),
    logger: captureLogger(),
    providerRoutes: (kit) => oidcRoutes({ ...kit, env }),
  });
  cleanups.push(() => access.close());
  const app = new Hono();
  app.use('*', access.middleware);
  app.route('/', access.routes);
  app.all('*', (c) => c.text('the service', 200));
  return { access, request: async (path, init) => app.request(path, init) };
}

const passwordReplicas = async () => {
  const env = testEnv({ GATEWAY_PASSWORD: PASSWORD });
  return [await replica(env), await replica(env)] as const;
};

const postPassword = (to: Replica, password: string) =>
  to.request(authPaths.password, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ password, next: '/' }).toString(),
  });

async function signIn(to: Replica): Promise<string> {
  const res = await postPassword(to, PASSWORD);
  expect(res.status).toBe(303);
  return res.headers.getSetCookie()[0]!.split(';')[0]!;
}

const withCookie = (cookie: string) => ({ headers: { cookie } });

describe('replicas sharing one PostgreSQL', () => {
  it('accept a session made through another, and refuse it at once once revoked there', async () => {
    const [a, b] = await passwordReplicas();
    const cookie = await signIn(a);
    const me = await b.request(accessPaths.me, withCookie(cookie));
    expect(me.status).toBe(200);
    const { user } = (await me.json()) as { user: Principal['user'] };
    const listed = await b.request(accessPaths.sessions, withCookie(cookie));
    const [session] = ((await listed.json()) as { data: Array<{ id: string }> }).data;
    const principal: Principal = { user, via: 'session', sessionId: session!.id };
    expect(await b.access.isCurrent(principal)).toBe(true);

    const revoked = await a.request(`${accessPaths.sessions}/${session!.id}`, {
      method: 'DELETE',
      ...withCookie(cookie),
    });
    expect(revoked.status).toBe(204);
    expect((await b.request(accessPaths.me, withCookie(cookie))).status).toBe(401);
    expect(await b.access.isCurrent(principal)).toBe(false);
  });

  it('accept a token made through another, and refuse it at once once revoked there', async () => {
    const [a, b] = await passwordReplicas();
    const cookie = await signIn(a);
    const created = await a.request(accessPaths.tokens, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'script' }),
    });
    expect(created.status).toBe(201);
    const { id, token } = (await created.json()) as { id: string; token: string };
    const bearer = { headers: { authorization: `Bearer ${token}` } };
    const me = await a.request(accessPaths.me, bearer);
    const principal: Principal = {
      user: ((await me.json()) as { user: Principal['user'] }).user,
      via: 'token',
      token: { id, name: 'script' },
    };
    expect((await b.request('/api/v1/voice/list', bearer)).status).toBe(200);
    expect(await b.access.isCurrent(principal)).toBe(true);

    const revoked = await b.request(`${accessPaths.tokens}/${id}`, {
      method: 'DELETE',
      ...withCookie(cookie),
    });
    expect(revoked.status).toBe(204);
    expect((await a.request('/api/v1/voice/list', bearer)).status).toBe(401);
    expect(await a.access.isCurrent(principal)).toBe(false);
  });

  it('count failed sign-ins together: one limit for the address, wherever it tries', async () => {
    const [a, b] = await passwordReplicas();
    // All at once, half through each: every failure counts.
    const tries = await Promise.all(
      Array.from({ length: maxFailures }, (_, i) => postPassword(i % 2 ? a : b, `wrong-${i}`)),
    );
    expect(tries.map((res) => res.status)).toEqual(Array(maxFailures).fill(401));
    for (const to of [a, b]) {
      const res = await postPassword(to, PASSWORD);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('answer a sign-in in progress once, whichever takes it first', async () => {
    const [a, b] = await Promise.all([database.open(), database.open()]);
    await signInStates(a).save({
      state: 'one-state',
      codeVerifier: 'v',
      nonce: 'n',
      next: '/jobs',
      bindingHash: 'h',
      address: '203.0.113.5',
    });
    const taken = await Promise.all([
      signInStates(b).take('one-state'),
      signInStates(a).take('one-state'),
      signInStates(b).take('one-state'),
    ]);
    expect(taken.filter(Boolean)).toEqual([expect.objectContaining({ next: '/jobs' })]);
    expect(await signInStates(b).take('one-state')).toBeUndefined();
  });

  it('finish an OIDC sign-in started on another, and only once', async () => {
    const publicUrl = 'http://127.0.0.1:8787';
    const redirectUri = `${publicUrl}${authPaths.callback}`;
    const provider = await startOidcProvider({
      clients: [
        {
          client_id: 'media-studio',
          token_endpoint_auth_method: 'none',
          redirect_uris: [redirectUri],
        },
      ],
    });
    cleanups.push(() => provider.close());
    const env = testEnv({
      PUBLIC_URL: publicUrl,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: 'media-studio',
    });
    const [a, b] = [await replica(env), await replica(env)];

    const started = await a.request(`${authPaths.signIn}?next=${encodeURIComponent('/jobs')}`);
    expect(started.status).toBe(302);
    // The browser's binding cookie, which it sends back with the callback.
    const binding = started.headers.getSetCookie()[0]!.split(';')[0]!;
    const back = await browseProvider(
      new URL(started.headers.get('location')!),
      { login: 'alice' },
      redirectUri,
    );
    const callback = `${back.pathname}${back.search}`;
    const done = await b.request(callback, withCookie(binding));
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/jobs');
    const session = done.headers
      .getSetCookie()
      .find((line) => line.startsWith('media_studio_session='))!
      .split(';')[0]!;
    const me = await a.request(accessPaths.me, withCookie(session));
    expect(await me.json()).toMatchObject({ user: { name: 'alice' }, via: 'session' });

    // The same callback again, at either replica: that sign-in is spent.
    for (const to of [a, b])
      expect((await to.request(callback, withCookie(binding))).status).toBe(400);
  });
});
