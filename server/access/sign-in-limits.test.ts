/**
 * What a shared gateway refuses, and what it must not: the failure limit (per client, even
 * behind a proxy), credentials that are not the gateway's, oversized forms, unknown /auth paths.
 * Over a real socket, so the limiter sees a real client address.
 */
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { accessEngines } from '../test-support/access-database';
import { PASSWORD, SERVICE_KEY, usePasswordGateway } from '../test-support/password-gateway';

describe.each(accessEngines)('on %s', (engine) => {
  const gw = usePasswordGateway('sign-in-limits', engine);
  const { start, send, postPassword, signIn, createToken, withToken } = gw;

  async function failTenTimes(headers: Record<string, string> = {}) {
    for (let i = 0; i < 10; i++)
      expect((await postPassword(`wrong-${i}-password`, { headers })).status).toBe(401);
  }

  describe('the failure limit', () => {
    it('never refuses a valid token: only further failures are refused', async () => {
      await start();
      const token = await createToken(await signIn());
      // Ten junk tokens, as one stranger behind the same proxy might send.
      for (let i = 0; i < 10; i++)
        expect((await send('/api/v1/voice/list', withToken(`msat_junk${i}`))).status).toBe(401);
      expect((await send('/api/v1/voice/list', withToken('msat_junk'))).status).toBe(429);
      expect((await send('/api/v1/voice/list', withToken(token))).status).toBe(200);
      expect((await send('/api/access/me', withToken(token))).status).toBe(200);
      // The password form stays closed while limited: that is the point against guessing.
      expect((await postPassword(PASSWORD)).status).toBe(429);
    });

    it('judges no more than the limit of passwords sent at once, each body arriving late', async () => {
      await start();
      const port = gw.gateway!.port;
      /** A POST whose headers go at once and whose body follows half a second later. */
      const slowPost = (password: string) =>
        new Promise<number>((resolve, reject) => {
          const body = new URLSearchParams({ password, next: '/' }).toString();
          const req = request({
            port,
            host: '127.0.0.1',
            method: 'POST',
            path: '/auth/password',
            headers: {
              host: gw.host(),
              'content-type': 'application/x-www-form-urlencoded',
              'content-length': String(body.length),
              'sec-fetch-site': 'same-origin',
            },
          });
          req.on('response', (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          });
          req.on('error', reject);
          req.flushHeaders();
          setTimeout(() => req.end(body), 500);
        });
      const wrong = Array.from({ length: 59 }, (_, i) => slowPost(`wrong-${i}-password`));
      await new Promise((resolve) => setTimeout(resolve, 100));
      const right = slowPost(PASSWORD);
      const statuses = await Promise.all([...wrong, right]);
      expect(statuses.filter((status) => status === 401)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(50);
      expect(statuses.at(-1)).toBe(429);
      expect(gw.logger.lines.filter((line) => line.includes('wrong password'))).toHaveLength(10);
    });

    it('counts each client behind a trusted proxy apart, by the address the proxy wrote', async () => {
      await start({ TRUST_PROXY: 1 });
      // Whatever the client wrote itself stays on the left; the proxy appends what it saw.
      await failTenTimes({ 'x-forwarded-for': '198.51.100.1, 203.0.113.7' });
      expect(
        (await postPassword(PASSWORD, { headers: { 'x-forwarded-for': '203.0.113.7' } })).status,
      ).toBe(429);
      expect(
        (await postPassword(PASSWORD, { headers: { 'x-forwarded-for': '203.0.113.8' } })).status,
      ).toBe(303);
      expect(gw.logger.lines.join('\n')).toMatch(/sign-in failed.*203\.0\.113\.7.*wrong password/);
    });

    it('counts an IPv6 client by its /64', async () => {
      await start({ TRUST_PROXY: 1 });
      await failTenTimes({ 'x-forwarded-for': '2001:db8:1:2::a' });
      expect(
        (await postPassword(PASSWORD, { headers: { 'x-forwarded-for': '2001:db8:1:2::b' } }))
          .status,
      ).toBe(429);
      expect(
        (await postPassword(PASSWORD, { headers: { 'x-forwarded-for': '2001:db8:1:3::a' } }))
          .status,
      ).toBe(303);
    });

    it('reads X-Forwarded-For only from the proxies TRUST_PROXY names', async () => {
      // The tests connect from 127.0.0.1: here that is the proxy.
      await start({ TRUST_PROXY: ['127.0.0.1'] });
      await failTenTimes({ 'x-forwarded-for': '203.0.113.7' });
      expect(
        (await postPassword(PASSWORD, { headers: { 'x-forwarded-for': '203.0.113.8' } })).status,
      ).toBe(303);
    });

    it('ignores X-Forwarded-For from a connection that is not a named proxy', async () => {
      await start({ TRUST_PROXY: ['10.0.0.5'] });
      await failTenTimes({ 'x-forwarded-for': '203.0.113.7' });
      expect(
        (await postPassword(PASSWORD, { headers: { 'x-forwarded-for': '203.0.113.8' } })).status,
      ).toBe(429);
    });

    it('ignores X-Forwarded-For without TRUST_PROXY: a client cannot pick a fresh address', async () => {
      await start();
      await failTenTimes({ 'x-forwarded-for': '203.0.113.7' });
      expect(
        (await postPassword(PASSWORD, { headers: { 'x-forwarded-for': '203.0.113.8' } })).status,
      ).toBe(429);
    });
  });

  describe('credentials that are not the gateway’s', () => {
    it('leave a session cookie in charge, count no failure, and never reach the service', async () => {
      await start();
      const cookie = await signIn();
      for (const authorization of ['Basic dXNlcjpwYXNz', `Bearer ${'sk-own-key'}`]) {
        for (let i = 0; i < 11; i++) {
          const res = await send('/api/v1/voice/list', { headers: { authorization, cookie } });
          expect(res.status, authorization).toBe(200);
        }
        const seen = gw.upstream.requests.at(-1)!.headers;
        expect(seen.authorization).toBe(`Bearer ${SERVICE_KEY}`);
        expect(JSON.stringify(seen)).not.toContain(authorization);
      }
      const alone = await send('/api/v1/voice/list', { headers: { authorization: 'Basic eDp5' } });
      expect(alone.status).toBe(401);
      expect(alone.body).toContain('holds no personal access token');
      // None of that was a failed sign-in.
      expect(gw.logger.lines.join('\n')).not.toMatch(/sign-in failed/);
      expect((await postPassword(PASSWORD)).status).toBe(303);
    });
  });

  describe('the /auth paths', () => {
    it('refuse a form larger than 8 KB with 413, before reading it', async () => {
      await start();
      const res = await postPassword(`${'x'.repeat(9 * 1024)}-password`);
      expect(res.status).toBe(413);
      expect(gw.logger.lines.join('\n')).not.toMatch(/sign-in failed/);
      expect((await postPassword(PASSWORD)).status).toBe(303);
    });

    it('answer any path that is not one of the gateway’s pages with a plain 404', async () => {
      await start();
      const cookie = await signIn();
      for (const path of ['/auth/x', '/auth/sign-in/', '/auth', '/auth/password', '/auth/callback'])
        for (const headers of [{}, { cookie }] as Array<Record<string, string>>) {
          const res = await send(path, { headers });
          expect(res.status, path).toBe(404);
          expect(res.headers['content-type'], path).toMatch(/^text\/plain/);
          expect(res.body, path).toBe('Not Found');
        }
      expect((await send('/auth/sign-in')).status).toBe(200);
      expect((await send('/auth/signed-out')).status).toBe(200);
    });

    it('are exact in open mode too', async () => {
      await start({ GATEWAY_PASSWORD: undefined });
      expect((await send('/auth/x')).status).toBe(404);
      expect((await send('/auth/sign-in')).status).toBe(302);
    });
  });
});
