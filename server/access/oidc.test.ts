/**
 * The OIDC sign-in against a real provider (oidc-provider, in process on a free port): the
 * gateway's routes are called in process, the provider over HTTP, as a browser would.
 */
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import type { ClientMetadata } from 'oidc-provider';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authPaths } from '../../src/api/contract/access';
import { captureLogger } from '../test-support/gateway-server';
import {
  startOidcProvider,
  type RunningOidcProvider,
  type TestAccountClaims,
} from '../test-support/oidc-provider';
import { openAccessDb, type AccessDb } from './access-db';
import { oidcRoutes, type OidcEnv } from './oidc';
import { renderPage } from './pages';
import type { VerifiedIdentity } from './types';

const publicUrl = 'http://127.0.0.1:8787';
const redirectUri = `${publicUrl}${authPaths.callback}`;
const publicClient: ClientMetadata = {
  client_id: 'media-studio',
  token_endpoint_auth_method: 'none',
  redirect_uris: [redirectUri],
};
const secret = 'a-client-secret-of-the-gateway';
const confidentialClient: ClientMetadata = {
  client_id: 'media-studio-confidential',
  client_secret: secret,
  token_endpoint_auth_method: 'client_secret_basic',
  redirect_uris: [redirectUri],
};

let dir: string;
let db: AccessDb;
let provider: RunningOidcProvider | undefined;
let signedIn: Array<{ identity: VerifiedIdentity; next: string }>;
let logger: ReturnType<typeof captureLogger>;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'media-studio-oidc-'));
  db = openAccessDb(dir);
  signedIn = [];
  logger = captureLogger();
});

afterEach(async () => {
  await provider?.close();
  provider = undefined;
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

async function startProvider(accounts?: (login: string) => TestAccountClaims, port?: number) {
  provider = await startOidcProvider({
    clients: [publicClient, confidentialClient],
    ...(accounts && { accounts }),
    ...(port && { port }),
  });
  return provider;
}

function gateway(env: Partial<OidcEnv> = {}, now?: () => Date): Hono {
  return oidcRoutes({
    env: {
      PUBLIC_URL: publicUrl,
      OIDC_ISSUER: provider?.issuer,
      OIDC_CLIENT_ID: publicClient.client_id,
      OIDC_SCOPES: 'openid profile email',
      ...env,
    },
    db,
    logger,
    // The session itself is access.ts's: here it is enough to see who was signed in, and where to.
    signIn: (c, identity, next) => {
      signedIn.push({ identity, next });
      return c.redirect(next, 303);
    },
    renderPage,
    ...(now && { now }),
  });
}

/** The gateway's redirect to the provider. */
async function startSignIn(app: Hono, next = '/'): Promise<URL> {
  const res = await app.request(`${authPaths.signIn}?next=${encodeURIComponent(next)}`);
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

/**
 * A browser at the provider: follows its redirects with its cookies, fills its login form (or
 * cancels it), and stops at the redirect back to the gateway.
 */
async function atProvider(start: URL, action: { login: string } | 'cancel'): Promise<URL> {
  const cookies = new Map<string, string>();
  const go = async (url: URL, body?: URLSearchParams) => {
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      ...(body && { body }),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return res;
  };
  let url = start;
  let res = await go(url);
  for (let step = 0; step < 10; step++) {
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url);
      if (url.href.startsWith(redirectUri)) return url;
      res = await go(url);
      continue;
    }
    const page = await res.text();
    const action_ = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    if (res.status !== 200 || !action_) throw new Error(`provider answered ${res.status}`);
    res =
      action === 'cancel'
        ? await go(new URL(`${new URL(action_, url).pathname}/abort`, url))
        : await go(
            new URL(action_, url),
            new URLSearchParams({ prompt: 'login', login: action.login, password: 'any' }),
          );
  }
  throw new Error('the provider never sent the browser back');
}

const callback = (app: Hono, url: URL) => app.request(`${url.pathname}${url.search}`);

async function signInAs(app: Hono, login: string, next = '/') {
  const back = await atProvider(await startSignIn(app, next), { login });
  return { back, res: await callback(app, back) };
}

describe('OIDC sign-in', () => {
  it('signs in through the provider with PKCE, state and nonce, and opens next', async () => {
    await startProvider();
    const app = gateway();
    const authorize = await startSignIn(app, '/jobs?kind=voice');
    expect(authorize.origin).toBe(provider!.issuer);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      client_id: 'media-studio',
      response_type: 'code',
      redirect_uri: redirectUri,
      scope: 'openid profile email',
      code_challenge_method: 'S256',
    });
    const [row] = db.prepare('SELECT * FROM sign_in_states').all() as Array<Record<string, string>>;
    expect(row).toMatchObject({
      state: authorize.searchParams.get('state'),
      nonce: authorize.searchParams.get('nonce'),
      next: '/jobs?kind=voice',
    });
    // The verifier stays here: only its S256 hash travels.
    expect(authorize.href).not.toContain(row!.code_verifier);

    const res = await callback(app, await atProvider(authorize, { login: 'alice' }));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/jobs?kind=voice');
    expect(signedIn).toEqual([
      {
        identity: {
          issuer: provider!.issuer,
          subject: 'alice',
          name: 'alice',
          email: 'alice@example.test',
        },
        next: '/jobs?kind=voice',
      },
    ]);
    expect(db.prepare('SELECT count(*) AS n FROM sign_in_states').get()).toEqual({ n: 0 });
  });

  it('refuses a callback whose state was already used', async () => {
    await startProvider();
    const app = gateway();
    const { back, res } = await signInAs(app, 'alice', '/voices');
    expect(res.status).toBe(303);

    const replay = await callback(app, back);
    expect(replay.status).toBe(400);
    const page = await replay.text();
    expect(page).toContain('This sign-in has expired');
    expect(page).toContain(`href="${authPaths.signIn}?next=%2F"`);
    expect(signedIn).toHaveLength(1);
  });

  it('refuses an unknown state, and a callback without one', async () => {
    await startProvider();
    const app = gateway();
    for (const search of ['?code=abc&state=made-up', '?code=abc']) {
      const res = await app.request(`${authPaths.callback}${search}`);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('Try again');
    }
    expect(signedIn).toEqual([]);
  });

  it('refuses a sign-in finished more than 10 minutes after it started', async () => {
    await startProvider();
    let clock = new Date('2026-11-27T10:00:00Z');
    const app = gateway({}, () => clock);
    const authorize = await startSignIn(app, '/jobs');
    const back = await atProvider(authorize, { login: 'alice' });
    clock = new Date('2026-11-27T10:10:01Z');
    const res = await callback(app, back);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(`href="${authPaths.signIn}?next=%2F"`);
    expect(signedIn).toEqual([]);
  });

  it('shows the provider refusing, with a way to try again to the same page', async () => {
    await startProvider();
    const app = gateway();
    const back = await atProvider(await startSignIn(app, '/speech'), 'cancel');
    expect(back.searchParams.get('error')).toBe('access_denied');
    const res = await callback(app, back);
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain('The sign-in provider did not sign you in');
    expect(page).toContain('End-User aborted interaction');
    expect(page).toContain(`href="${authPaths.signIn}?next=%2Fspeech"`);
    expect(signedIn).toEqual([]);
    expect(logger.lines.join('\n')).toContain('access_denied');
  });

  it('fails the exchange when the PKCE verifier does not match, and logs no secret', async () => {
    await startProvider();
    const app = gateway();
    const authorize = await startSignIn(app);
    const back = await atProvider(authorize, { login: 'alice' });
    const verifier = 'a'.repeat(43);
    db.prepare('UPDATE sign_in_states SET code_verifier = ?').run(verifier);
    const res = await callback(app, back);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Sign-in did not complete');
    expect(signedIn).toEqual([]);
    const log = logger.lines.join('\n');
    expect(log).toContain('oidc sign-in failed');
    expect(log).not.toContain(back.searchParams.get('code'));
    expect(log).not.toContain(verifier);
  });

  it('refuses an ID token whose nonce is not the one sent', async () => {
    await startProvider();
    const app = gateway();
    const back = await atProvider(await startSignIn(app), { login: 'alice' });
    db.prepare("UPDATE sign_in_states SET nonce = 'another-nonce'").run();
    expect((await callback(app, back)).status).toBe(400);
    expect(signedIn).toEqual([]);
  });

  it('names the person by name, preferred_username, verified email, then subject', async () => {
    const claims: Record<string, TestAccountClaims> = {
      carol: { preferred_username: 'Carol C', email: 'carol@example.test', email_verified: false },
      dave: { email: 'dave@example.test', email_verified: true },
      erin: {},
    };
    await startProvider((login) => claims[login] ?? {});
    const app = gateway();
    for (const login of Object.keys(claims)) await signInAs(app, login);
    expect(signedIn.map(({ identity: { name, email } }) => ({ name, email }))).toEqual([
      // An email the provider has not verified is not taken, not even as a name.
      { name: 'Carol C', email: null },
      { name: 'dave@example.test', email: 'dave@example.test' },
      { name: 'erin', email: null },
    ]);
  });

  it('authenticates a confidential client with client_secret_basic', async () => {
    await startProvider();
    const app = gateway({
      OIDC_CLIENT_ID: confidentialClient.client_id,
      OIDC_CLIENT_SECRET: secret,
    });
    expect((await signInAs(app, 'bob')).res.status).toBe(303);
    expect(signedIn[0]?.identity.subject).toBe('bob');

    const wrong = gateway({
      OIDC_CLIENT_ID: confidentialClient.client_id,
      OIDC_CLIENT_SECRET: 'not-the-secret',
    });
    expect((await signInAs(wrong, 'bob')).res.status).toBe(400);
    expect(signedIn).toHaveLength(1);
    expect(logger.lines.join('\n')).not.toContain('not-the-secret');
  });

  it('finds the provider on the first sign-in, and again after it failed', async () => {
    // A port nobody listens on yet: the provider is down when the gateway starts.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const app = gateway({ OIDC_ISSUER: `http://127.0.0.1:${port}` });

    const down = await app.request(`${authPaths.signIn}?next=%2Fjobs`);
    expect(down.status).toBe(503);
    const page = await down.text();
    expect(page).toContain('The sign-in provider cannot be reached');
    expect(page).toContain(`href="${authPaths.signIn}?next=%2Fjobs"`);
    expect(logger.lines.join('\n')).toContain('oidc discovery failed');

    await startProvider(undefined, port);
    expect((await signInAs(app, 'alice', '/jobs')).res.status).toBe(303);
    expect(signedIn[0]?.next).toBe('/jobs');
  });

  it('refuses an http issuer that is not on this machine, before any request', async () => {
    const app = gateway({ OIDC_ISSUER: 'http://idp.example.test' });
    const res = await app.request(authPaths.signIn);
    expect(res.status).toBe(500);
    expect(logger.lines.join('\n')).toContain('OIDC_ISSUER must use https');
  });

  it('keeps next on this site', async () => {
    await startProvider();
    const app = gateway();
    for (const next of ['https://evil.example/', '//evil.example/', '/\\evil.example'])
      await startSignIn(app, next);
    const rows = db.prepare('SELECT next FROM sign_in_states').all();
    expect(rows).toEqual([{ next: '/' }, { next: '/' }, { next: '/' }]);
  });
});
