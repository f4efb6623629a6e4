/**
 * Signing in to a shared gateway, over a real socket (so the limiter sees a real client
 * address) with a real access database on each engine, in front of a fake upstream that records
 * what reaches it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  accessMeSchema,
  accessSessionListSchema,
  sessionCookieName,
} from '../../src/api/contract/access';
import type { RawResponse } from '../test-support/gateway-server';
import { accessEngines } from '../test-support/access-database';
import { PASSWORD, SERVICE_KEY, usePasswordGateway } from '../test-support/password-gateway';

const hour = 60 * 60_000;

describe.each(accessEngines)('on %s', (engine) => {
  const gw = usePasswordGateway('sign-in', engine);
  const { start, send, postPassword, signIn, postToken, createToken, withToken } = gw;
  const withCookie = (cookie: string) => ({ headers: { cookie } });

  const errorCode = (res: RawResponse) =>
    (JSON.parse(res.body) as { error: { code: string } }).error.code;

  describe('password sign-in', () => {
    it('sets an HttpOnly, SameSite=Lax cookie, and then the API works', async () => {
      await start();
      expect(errorCode(await send('/api/v1/voice/list'))).toBe('sign_in_required');
      const res = await postPassword(PASSWORD, { next: '/jobs?kind=image' });
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe('/jobs?kind=image');
      const set = String(res.headers['set-cookie']);
      expect(set).toMatch(new RegExp(`^${sessionCookieName}=[\\w-]{43};`));
      expect(set).toMatch(/HttpOnly/);
      expect(set).toMatch(/SameSite=Lax/);
      expect(set).toMatch(/Path=\//);
      expect(set).not.toMatch(/Secure/);
      const cookie = set.split(';')[0]!;
      expect((await send('/api/v1/voice/list', withCookie(cookie))).status).toBe(200);
      const me = accessMeSchema.parse(
        JSON.parse((await send('/api/access/me', withCookie(cookie))).body),
      );
      expect(me).toMatchObject({ mode: 'password', user: { name: 'Owner' }, via: 'session' });
      expect(gw.logger.lines.join('\n')).not.toContain(PASSWORD);
    });

    it('re-renders the form with an error and 401 on a wrong password, and logs no password', async () => {
      await start();
      const res = await postPassword('wrong password here', { next: '/files' });
      expect(res.status).toBe(401);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.body).toContain('role="alert"');
      expect(res.body).toContain('That password is not right');
      expect(res.body).toContain('<label for="password">');
      expect(res.body).toContain('name="next" value="/files"');
      // A password manager files the password under the gateway's one user.
      expect(res.body).toMatch(
        /<input type="text" name="username" autocomplete="username" value="Owner" hidden/,
      );
      expect(gw.logger.lines.join('\n')).toMatch(/sign-in failed.*127\.0\.0\.1.*wrong password/);
      expect(gw.logger.lines.join('\n')).not.toContain('wrong password here');
    });

    it('answers the 11th failure within a quarter hour with 429 and Retry-After, even for the right password', async () => {
      await start();
      for (let i = 0; i < 10; i++)
        expect((await postPassword(`wrong-${i}-password`)).status).toBe(401);
      const limited = await postPassword(PASSWORD);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.body).toContain('Too many failed attempts');
      // Bad tokens are the same guessing, by another door.
      const token = await send('/api/v1/voice/list', withToken('msat_guess'));
      expect(token.status).toBe(429);
      gw.at += 15 * 60_000 + 1;
      expect((await postPassword(PASSWORD)).status).toBe(303);
    });

    it('signs out: the session ends, the cookie is cleared, the old cookie is refused', async () => {
      await start();
      const cookie = await signIn();
      const res = await send('/auth/sign-out', {
        method: 'POST',
        headers: { cookie, 'sec-fetch-site': 'same-origin' },
      });
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe('/auth/signed-out');
      expect(String(res.headers['set-cookie'])).toMatch(
        new RegExp(`^${sessionCookieName}=;.*Max-Age=0`),
      );
      const page = await send('/auth/signed-out');
      expect(page.status).toBe(200);
      expect(page.body).toContain('You are signed out');
      expect(page.body).toContain('href="/auth/sign-in"');
      expect((await send('/api/v1/voice/list', withCookie(cookie))).status).toBe(401);
    });

    it('ends a session after the idle time and 30 days after sign-in', async () => {
      await start();
      const idle = await signIn();
      gw.at += 25 * hour;
      expect((await send('/api/access/me', withCookie(idle))).status).toBe(401);
      const busy = await signIn();
      // Used every 20 hours, never idle for a day: still ended at 30 days (720 h) after sign-in.
      for (let hours = 20; hours <= 700; hours += 20) {
        gw.at += 20 * hour;
        expect((await send('/api/access/me', withCookie(busy))).status, `${hours} h`).toBe(200);
      }
      gw.at += 19 * hour;
      expect((await send('/api/access/me', withCookie(busy))).status).toBe(200);
      gw.at += hour;
      expect((await send('/api/access/me', withCookie(busy))).status).toBe(401);
    });

    it('revoking the current session from the list signs out', async () => {
      await start();
      const cookie = await signIn();
      const other = await signIn();
      const list = accessSessionListSchema.parse(
        JSON.parse((await send('/api/access/sessions', withCookie(cookie))).body),
      ).data;
      expect(list).toHaveLength(2);
      const current = list.find((s) => s.current)!;
      const res = await send(`/api/access/sessions/${current.id}`, {
        method: 'DELETE',
        headers: { cookie, 'sec-fetch-site': 'same-origin' },
      });
      expect(res.status).toBe(204);
      expect(String(res.headers['set-cookie'])).toContain('Max-Age=0');
      expect((await send('/api/access/me', withCookie(cookie))).status).toBe(401);
      expect((await send('/api/access/me', withCookie(other))).status).toBe(200);
    });
  });

  describe('signing in again', () => {
    it('ends the session the browser already held: no fixation, no orphan', async () => {
      await start();
      const first = await signIn();
      const res = await send('/auth/password', {
        method: 'POST',
        headers: {
          cookie: first,
          'content-type': 'application/x-www-form-urlencoded',
          'sec-fetch-site': 'same-origin',
        },
        body: new URLSearchParams({ password: PASSWORD, next: '/' }).toString(),
      });
      expect(res.status).toBe(303);
      const second = String(res.headers['set-cookie']).split(';')[0]!;
      expect(second).not.toBe(first);
      expect((await send('/api/v1/voice/list', withCookie(first))).status).toBe(401);
      const list = await send('/api/access/sessions', withCookie(second));
      expect(accessSessionListSchema.parse(JSON.parse(list.body)).data).toHaveLength(1);
    });
  });

  describe('personal access tokens', () => {
    it('refuses a bad body naming the field and its rule', async () => {
      await start();
      const cookie = await signIn();
      const long = await postToken(cookie, { name: 'x'.repeat(61) });
      expect(long.status).toBe(400);
      expect(JSON.parse(long.body).error.message).toBe('name: At most 60 characters');
      const forever = await postToken(cookie, { name: 'ci', expires_in_days: 400 });
      expect(forever.status).toBe(400);
      expect(JSON.parse(forever.body).error.message).toMatch(/^expires_in_days: /);
    });

    it('expires after the days chosen, and is then refused like a revoked one', async () => {
      await start();
      const cookie = await signIn();
      const token = await createToken(cookie, 'weekly', 7);
      const listed = JSON.parse((await send('/api/access/tokens', withCookie(cookie))).body);
      expect(listed.data[0].expires_at).toBe(new Date(gw.at + 7 * 24 * hour).toISOString());
      gw.at += 7 * 24 * hour - 1;
      expect((await send('/api/v1/voice/list', withToken(token))).status).toBe(200);
      gw.at += 1;
      const refused = await send('/api/v1/voice/list', withToken(token));
      expect(refused.status).toBe(401);
      expect(errorCode(refused)).toBe('sign_in_required');
    });

    it('sign a script in; a revoked token is refused, even beside a good cookie', async () => {
      await start();
      const cookie = await signIn();
      const token = await createToken(cookie);
      const me = JSON.parse((await send('/api/access/me', withToken(token))).body);
      expect(me).toMatchObject({ mode: 'password', via: 'token' });
      expect((await send('/api/v1/voice/list', withToken(token))).status).toBe(200);
      const id = JSON.parse((await send('/api/access/tokens', withCookie(cookie))).body).data[0].id;
      const revoke = await send(`/api/access/tokens/${id}`, {
        method: 'DELETE',
        headers: { cookie, 'sec-fetch-site': 'same-origin' },
      });
      expect(revoke.status).toBe(204);
      const refused = await send('/api/v1/voice/list', {
        headers: { authorization: `Bearer ${token}`, cookie },
      });
      expect(refused.status).toBe(401);
      expect(errorCode(refused)).toBe('sign_in_required');
      expect(gw.logger.lines.join('\n')).not.toContain(token);
    });

    it('cannot list, mint or revoke tokens or sessions: that takes a browser session', async () => {
      await start();
      const cookie = await signIn();
      const token = await createToken(cookie);
      const res = await send('/api/access/tokens', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{"name":"another"}',
      });
      expect(res.status).toBe(403);
      expect(errorCode(res)).toBe('forbidden');
      for (const path of ['/api/access/tokens', '/api/access/sessions']) {
        const listed = await send(path, withToken(token));
        expect(listed.status, path).toBe(403);
        expect(errorCode(listed), path).toBe('forbidden');
        expect(listed.body, path).not.toContain('"data"');
        expect((await send(path, withCookie(cookie))).status, path).toBe(200);
      }
      const tokenId = JSON.parse((await send('/api/access/tokens', withCookie(cookie))).body)
        .data[0].id;
      const revoke = await send(`/api/access/tokens/${tokenId}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(revoke.status).toBe(403);
    });

    it('takes a token request of a few KB at most, counted as it streams, and JSON nested shallowly', async () => {
      await start();
      const cookie = await signIn();
      const headers = {
        cookie,
        host: gw.host(),
        'content-type': 'application/json',
        'sec-fetch-site': 'same-origin',
      };
      let pulled = 0;
      const chunk = new Uint8Array(64 * 1024).fill(0x20);
      // Sent chunked, without a Content-Length: 64 MB of spaces, which a reader that waits for
      // the end would take whole. One that stops at the limit leaves the rest unsent.
      const endless = new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled += chunk.byteLength;
          if (pulled > 64 * 1024 * 1024) controller.close();
          else controller.enqueue(chunk);
        },
      });
      const url = `http://127.0.0.1:${gw.gateway!.port}/api/access/tokens`;
      const init = { method: 'POST', headers, body: endless, duplex: 'half' };
      const big = await fetch(url, init as RequestInit);
      expect(big.status).toBe(413);
      expect(((await big.json()) as { error: { message: string } }).error.message).toBe(
        'A token request is larger than the 4 KB limit: send less at once.',
      );
      expect(pulled).toBeLessThan(32 * 1024 * 1024);
      const nested = await gw.send('/api/access/tokens', {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
        body: `{"name": ${'['.repeat(1000)}${']'.repeat(1000)}}`,
      });
      expect(nested.status).toBe(400);
      expect(JSON.parse(nested.body).error.message).toBe(
        'A token request must not nest arrays and objects more than 64 levels deep.',
      );
      expect((await gw.postToken(cookie, { name: 'fine' })).status).toBe(201);
    });

    it('never reaches the service: the gateway’s token is dropped and the service key injected', async () => {
      await start();
      const token = await createToken(await signIn());
      await send('/api/v1/voice/list', withToken(token));
      const seen = gw.upstream.requests.at(-1)!;
      expect(seen.headers.authorization).toBe(`Bearer ${SERVICE_KEY}`);
      expect(JSON.stringify(seen.headers)).not.toContain(token);
      expect(seen.headers.cookie).toBeUndefined();
    });
  });

  describe('pages and public paths', () => {
    it('redirects a page to sign-in with where it was going; serves the public files', async () => {
      await start();
      const res = await send('/jobs?kind=image&q=a%20b');
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe(
        `/auth/sign-in?${new URLSearchParams({ next: '/jobs?kind=image&q=a%20b' })}`,
      );
      const page = await send(res.headers.location!);
      expect(page.status).toBe(200);
      expect(page.body).toContain('<html lang="en">');
      expect(page.body).toContain('action="/auth/password"');
      expect(page.body).toContain('name="next" value="/jobs?kind=image&amp;q=a%20b"');
      expect(page.body).not.toContain('<script');
      for (const path of ['/assets/app.js', '/robots.txt'])
        expect((await send(path)).status, path).toBe(200);
      expect((await send('/api/gateway/status')).status).toBe(401);
    });

    it('lands every open-redirect attempt on /', async () => {
      await start();
      for (const next of [
        '//evil.example/x',
        '/\\evil.example',
        'https://evil.example',
        'javascript:alert(1)',
      ]) {
        const res = await postPassword(PASSWORD, { next });
        expect(res.headers.location, next).toBe('/');
        const form = await send(`/auth/sign-in?${new URLSearchParams({ next })}`);
        expect(form.body, next).toContain('name="next" value="/"');
      }
    });

    it('sets Secure on the cookie and serves the PUBLIC_URL host when it is https', async () => {
      await start({ GATEWAY_PASSWORD: PASSWORD, PUBLIC_URL: 'https://studio.example.com' });
      const res = await send('/auth/sign-in', { headers: { host: 'studio.example.com' } });
      expect(res.status).toBe(200);
      expect(String((await postPassword(PASSWORD)).headers['set-cookie'])).toMatch(/Secure/);
    });

    it('names the cookie __Host- when it is Secure, so a sibling subdomain cannot plant one', async () => {
      await start({ GATEWAY_PASSWORD: PASSWORD, PUBLIC_URL: 'https://studio.example.com' });
      const set = String((await postPassword(PASSWORD)).headers['set-cookie']);
      expect(set).toMatch(new RegExp(`^__Host-${sessionCookieName}=[\\w-]{43};`));
      expect(set).toMatch(/Secure/);
      expect(set).toMatch(/Path=\//);
      expect(set).not.toMatch(/Domain=/i);
      const cookie = set.split(';')[0]!;
      expect((await send('/api/access/me', withCookie(cookie))).status).toBe(200);
      // The bare name, as a sibling could set it for the parent domain, signs nobody in.
      const planted = cookie.replace(`__Host-${sessionCookieName}`, sessionCookieName);
      expect((await send('/api/access/me', withCookie(planted))).status).toBe(401);
    });
  });

  describe('a request without a session', () => {
    it('gets the icons, the manifest and the favicons, but not a path that only starts like them', async () => {
      const dist = join(gw.dir, 'dist');
      mkdirSync(join(dist, 'icons'), { recursive: true });
      writeFileSync(join(dist, 'icons', 'icon-192.png'), 'png');
      writeFileSync(join(dist, 'manifest.webmanifest'), '{}');
      writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
      writeFileSync(join(dist, 'favicon.ico'), 'ico');
      await start();
      for (const path of [
        '/icons/icon-192.png',
        '/manifest.webmanifest',
        '/favicon.svg',
        '/favicon.ico',
      ])
        expect((await send(path)).status, path).toBe(200);
      for (const path of ['/assets', '/icons', '/iconsx/icon-192.png', '/favicon.svg/x'])
        expect((await send(path)).status, path).toBe(302);
    });

    it('is sent to sign-in for a page asked with HEAD; a form sent to a page is refused, not redirected', async () => {
      await start();
      const head = await send('/jobs', { method: 'HEAD' });
      expect(head.status).toBe(302);
      expect(head.headers.location).toBe(`/auth/sign-in?${new URLSearchParams({ next: '/jobs' })}`);
      const post = await send('/jobs', {
        method: 'POST',
        headers: { 'sec-fetch-site': 'same-origin' },
      });
      expect(post.status).toBe(401);
      expect(errorCode(post)).toBe('sign_in_required');
    });

    it('is told how to sign in, or that its token is not valid; only the bad token is logged, by address', async () => {
      await start();
      const none = await send('/api/v1/voice/list');
      expect(none.status).toBe(401);
      expect(JSON.parse(none.body).error.message).toMatch(/^Sign in to use this gateway/);
      expect(gw.logger.lines.join('\n')).not.toMatch(/sign-in failed/);
      const bad = await send('/api/v1/voice/list', withToken('msat_not-a-real-token'));
      expect(bad.status).toBe(401);
      expect(JSON.parse(bad.body).error.message).toMatch(/^The access token is not valid/);
      expect(gw.logger.lines.filter((line) => line.includes('sign-in failed'))).toEqual([
        expect.stringMatching(
          /^warn sign-in failed .*"address":"127\.0\.0\.1".*"reason":"unknown or revoked token".*"path":"\/api\/v1\/voice\/list"/,
        ),
      ]);
      expect(gw.logger.lines.join('\n')).not.toContain('msat_not-a-real-token');
    });

    it('is signed in by a token however Bearer is cased and spaced, but only by a header holding just the token', async () => {
      await start();
      const token = await createToken(await signIn());
      for (const authorization of [`bearer ${token}`, `BEARER    ${token}`])
        expect(
          (await send('/api/access/me', { headers: { authorization } })).status,
          authorization,
        ).toBe(200);
      for (const authorization of [
        `Bearer ${token} ${token}`,
        `XBearer ${token}`,
        `Bearer${token}`,
      ]) {
        const res = await send('/api/access/me', { headers: { authorization } });
        expect(res.status, authorization).toBe(401);
        expect(res.body, authorization).toContain('holds no personal access token');
      }
      // None of those was a failed sign-in.
      expect(gw.logger.lines.join('\n')).not.toMatch(/sign-in failed/);
    });
  });

  describe('open mode', () => {
    it('is unchanged: no sign-in, the client’s Authorization still goes upstream', async () => {
      await start({ GATEWAY_PASSWORD: undefined });
      expect((await send('/jobs')).status).toBe(200);
      expect((await send('/api/gateway/status')).status).toBe(200);
      expect(JSON.parse((await send('/api/access/me')).body)).toEqual({
        mode: 'open',
        user: null,
        via: null,
      });
      const tokens = await send('/api/access/tokens');
      expect(tokens.status).toBe(404);
      expect(tokens.body).toContain('Sign-in is not configured');
      await send('/api/v1/voice/list', withToken('sk-own-key'));
      expect(gw.upstream.requests.at(-1)!.headers.authorization).toBe('Bearer sk-own-key');
    });
  });
});
