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
  browseProvider,
  startOidcProvider,
  type RunningOidcProvider,
  type TestAccountClaims,
} from '../test-support/oidc-provider';
import { openAccessDatabase, type AccessDb } from './access-db';
import { oidcRoutes, providerSignOutLink, type OidcEnv } from './oidc';
import { renderPage } from './pages';
import { failureLimiter, maxFailures } from './rate-limit';
import { maxPendingPerAddress } from './sign-in-states';
import type { VerifiedIdentity } from './types';

const publicUrl = 'http://127.0.0.1:8787';
const redirectUri = `${publicUrl}${authPaths.callback}`;
const publicClient: ClientMetadata = {
  client_id: 'media-studio',
  token_endpoint_auth_method: 'none',
  redirect_uris: [redirectUri],
  post_logout_redirect_uris: [`${publicUrl}${authPaths.signedOut}`],
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
/** The addresses a callback counted a failure against. */
let failures: string[];
/** The gateway's cookies in the test's browser (the sign-in binding). */
let browser: Map<string, string>;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'media-studio-oidc-'));
  db = await openAccessDatabase({ engine: 'sqlite', dataDir: dir });
  signedIn = [];
  logger = captureLogger();
  failures = [];
  browser = new Map();
});

afterEach(async () => {
  await provider?.close();
  provider = undefined;
  await db.close();
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
  const limiter = failureLimiter(db, now ?? (() => new Date()));
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
    signIn: async (c, identity, next) => {
      signedIn.push({ identity, next });
      return c.redirect(next, 303);
    },
    renderPage,
    // Every attempt is counted as it starts; `failures` lists those that stayed counted.
    limiter: {
      ...limiter,
      attempt: async (address) => {
        const outcome = await limiter.attempt(address);
        if (!outcome.allowed) return outcome;
        const { attempt } = outcome;
        return {
          allowed: true,
          attempt: {
            forget: () => attempt.forget(),
            failed: async () => {
              failures.push(address);
              await attempt.failed();
            },
          },
        };
      },
    },
    ...(now && { now }),
  });
}

type Jar = Map<string, string>;
const cookieHeader = (jar: Jar) => ({
  cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
});
/** Keeps the gateway's Set-Cookie in the jar, as a browser would (Max-Age=0 deletes). */
function keepCookies(jar: Jar, res: Response) {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair!.indexOf('=');
    if (/Max-Age=0/i.test(line)) jar.delete(pair!.slice(0, at));
    else jar.set(pair!.slice(0, at), pair!.slice(at + 1));
  }
}

/** The gateway's redirect to the provider, from the test's browser (or another one). */
async function startSignIn(app: Hono, next = '/', jar: Jar = browser): Promise<URL> {
  const res = await app.request(`${authPaths.signIn}?next=${encodeURIComponent(next)}`, {
    headers: cookieHeader(jar),
  });
  expect(res.status).toBe(302);
  keepCookies(jar, res);
  return new URL(res.headers.get('location')!);
}

/** A browser at the provider, stopping at its redirect back to this gateway. */
const atProvider = (start: URL, action: { login: string } | 'cancel') =>
  browseProvider(start, action, redirectUri);

async function callback(app: Hono, url: URL, jar: Jar = browser) {
  const res = await app.request(`${url.pathname}${url.search}`, { headers: cookieHeader(jar) });
  keepCookies(jar, res);
  return res;
}

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
    const [row] = await db.all<Record<string, string>>('SELECT * FROM sign_in_states');
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
    expect(await db.get('SELECT count(*) AS n FROM sign_in_states')).toEqual({ n: 0 });
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
    // Declining at the provider is no guess: it does not count against the address.
    expect(failures).toEqual([]);
  });

  it('fails the exchange when the PKCE verifier does not match, and logs no secret', async () => {
    await startProvider();
    const app = gateway();
    const authorize = await startSignIn(app);
    const back = await atProvider(authorize, { login: 'alice' });
    const verifier = 'a'.repeat(43);
    await db.run('UPDATE sign_in_states SET code_verifier = ?', [verifier]);
    const res = await callback(app, back);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Sign-in did not complete');
    expect(signedIn).toEqual([]);
    const log = logger.lines.join('\n');
    expect(log).toContain('oidc sign-in failed');
    expect(log).not.toContain(back.searchParams.get('code'));
    expect(log).not.toContain(verifier);
    expect(failures).toEqual(['unknown']);
  });

  it('refuses an ID token whose nonce is not the one sent', async () => {
    await startProvider();
    const app = gateway();
    const back = await atProvider(await startSignIn(app), { login: 'alice' });
    await db.run("UPDATE sign_in_states SET nonce = 'another-nonce'");
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
    const rows = await db.all('SELECT next FROM sign_in_states');
    expect(rows).toEqual([{ next: '/' }, { next: '/' }, { next: '/' }]);
  });
});

describe('OIDC sign-in, tied to the browser that started it', () => {
  const bindingName = 'media_studio_sign_in';

  it('sets a short-lived HttpOnly binding cookie for /auth, stores only its hash, and clears it', async () => {
    await startProvider();
    const app = gateway();
    const res = await app.request(authPaths.signIn);
    const [line] = res.headers.getSetCookie();
    expect(line).toMatch(new RegExp(`^${bindingName}=[A-Za-z0-9_-]{43};`));
    expect(line).toContain('Max-Age=600');
    expect(line).toContain('Path=/auth');
    expect(line).toContain('HttpOnly');
    expect(line).toContain('SameSite=Lax');
    expect(line).not.toContain('Secure');
    const value = line!.split(';')[0]!.split('=')[1]!;
    const rows = await db.all<Record<string, string>>('SELECT * FROM sign_in_states');
    expect(JSON.stringify(rows)).not.toContain(value);
    expect(rows[0]?.binding_hash).toMatch(/^[0-9a-f]{64}$/);

    const { res: done } = await signInAs(app, 'alice');
    expect(done.status).toBe(303);
    expect(done.headers.getSetCookie().join()).toMatch(new RegExp(`${bindingName}=;.*Max-Age=0`));
    expect(browser.has(bindingName)).toBe(false);
  });

  it('names it __Secure- and marks it Secure when the public URL is https', async () => {
    await startProvider();
    const app = gateway({ PUBLIC_URL: 'https://studio.example.test' });
    const [line] = (await app.request(authPaths.signIn)).headers.getSetCookie();
    expect(line).toMatch(new RegExp(`^__Secure-${bindingName}=`));
    expect(line).toContain('Secure');
    expect(line).toContain('Path=/auth');
  });

  it('refuses a callback link opened in another browser than the one that started it', async () => {
    await startProvider();
    const app = gateway();
    // Mallory signs in at the provider in her own browser and sends Victor the link back.
    const mallory: Jar = new Map();
    const victor: Jar = new Map();
    // Victor has a sign-in of his own under way: his binding is not hers either.
    await startSignIn(app, '/jobs', victor);
    for (const jar of [new Map(), victor]) {
      const link = await atProvider(await startSignIn(app, '/', mallory), { login: 'mallory' });
      const res = await callback(app, link, jar);
      expect(res.status).toBe(400);
      const page = await res.text();
      expect(page).toContain('This sign-in was started in another browser');
      expect(page).toContain('Try again');
    }
    expect(signedIn).toEqual([]);
    expect(failures).toEqual(['unknown', 'unknown']);

    // From the browser that started it, the same flow signs in.
    const back = await atProvider(await startSignIn(app, '/', mallory), { login: 'mallory' });
    expect((await callback(app, back, mallory)).status).toBe(303);
    expect(signedIn.map(({ identity }) => identity.subject)).toEqual(['mallory']);
  });

  it('keeps the binding while another tab of the same browser is still signing in', async () => {
    await startProvider();
    const app = gateway();
    const first = await startSignIn(app, '/jobs');
    const second = await startSignIn(app, '/voices');
    expect(browser.size).toBe(1);
    expect((await callback(app, await atProvider(first, { login: 'alice' }))).status).toBe(303);
    expect(browser.size).toBe(1);
    expect((await callback(app, await atProvider(second, { login: 'alice' }))).status).toBe(303);
    expect(browser.size).toBe(0);
    expect(signedIn.map(({ next }) => next)).toEqual(['/jobs', '/voices']);
  });

  it('shows the provider error only for a sign-in this browser started', async () => {
    await startProvider();
    const app = gateway();
    const words = 'Your account is locked. Call 0800 555 0100 to unlock it';
    const crafted = (state: string) =>
      new URL(
        `${redirectUri}?${new URLSearchParams({ error: 'access_denied', error_description: words, state })}`,
      );
    const unknown = await callback(app, crafted('made-up'));
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).not.toContain('0800');

    // A real state, but started by another browser.
    const other: Jar = new Map();
    const theirs = (await startSignIn(app, '/', other)).searchParams.get('state')!;
    const unbound = await callback(app, crafted(theirs));
    expect(unbound.status).toBe(400);
    expect(await unbound.text()).not.toContain('0800');

    const mine = (await startSignIn(app)).searchParams.get('state')!;
    expect(await (await callback(app, crafted(mine))).text()).toContain(words);
  });
});

describe('OIDC sign-in, limited per address', () => {
  it('counts failed callbacks; a limited address gets 429 at sign-in and callback, then may again', async () => {
    await startProvider();
    let clock = new Date('2026-11-27T10:00:00Z');
    const app = gateway({}, () => clock);
    for (let n = 0; n < maxFailures; n++) {
      const res = await app.request(`${authPaths.callback}?code=abc&state=guess-${n}`);
      expect(res.status).toBe(400);
    }
    expect(failures).toHaveLength(maxFailures);
    for (const path of [`${authPaths.callback}?code=abc&state=guess`, authPaths.signIn]) {
      const res = await app.request(path);
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await res.text()).toContain('Too many failed sign-in attempts');
    }
    expect(await db.get('SELECT count(*) AS n FROM sign_in_states')).toEqual({ n: 0 });

    clock = new Date('2026-11-27T10:15:01Z');
    expect((await signInAs(app, 'alice')).res.status).toBe(303);
  });

  it('judges no more than the limit of callbacks arriving at once', async () => {
    await startProvider();
    const app = gateway();
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        Promise.resolve(app.request(`${authPaths.callback}?code=abc&state=burst-${n}`)).then(
          (res) => res.status,
        ),
      ),
    );
    expect(statuses.filter((status) => status === 400)).toHaveLength(maxFailures);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - maxFailures);
    expect(failures).toHaveLength(maxFailures);
  });

  it('keeps at most a bounded number of sign-ins in progress per address, the newest', async () => {
    await startProvider();
    const app = gateway();
    const states: string[] = [];
    for (let n = 0; n < maxPendingPerAddress + 5; n++)
      states.push((await startSignIn(app)).searchParams.get('state')!);
    const rows = await db.all('SELECT state FROM sign_in_states ORDER BY rowid');
    expect(rows).toEqual(states.slice(5).map((state) => ({ state })));
  });
});

describe('signing out of the provider too', () => {
  it('sends the browser to the provider’s end-session endpoint, which sends it back', async () => {
    await startProvider();
    const app = gateway();
    const link = providerSignOutLink(provider!.issuer);
    expect(link.label).toBe(`Also sign out of ${new URL(provider!.issuer).host}`);
    const res = await app.request(link.href);
    expect(res.status).toBe(303);
    const to = new URL(res.headers.get('location')!);
    expect(to.href.startsWith(`${provider!.issuer}/`)).toBe(true);
    expect(Object.fromEntries(to.searchParams)).toEqual({
      client_id: publicClient.client_id,
      post_logout_redirect_uri: `${publicUrl}${authPaths.signedOut}`,
    });
    // The provider accepts it: its confirmation page, not an error.
    const confirm = await fetch(to, { redirect: 'manual' });
    expect(confirm.status).toBe(200);
    expect(await confirm.text()).toContain('logout');
  });
});
