/**
 * What a shared gateway refuses, and what it must not: the failure limit (per client, even
 * behind a proxy), credentials that are not the gateway's, oversized forms, unknown /auth paths.
 * Over a real socket, so the limiter sees a real client address.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createdAccessTokenSchema } from '../../src/api/contract/access';
import { createApp } from '../app';
import type { Env } from '../env';
import { startUpstream, type FakeUpstream } from '../test-support/fake-upstream';
import {
  captureLogger,
  rawRequest,
  startGateway,
  testEnv,
  type RawResponse,
  type RunningGateway,
} from '../test-support/gateway-server';
import { createAccess, type Access } from './access';

const PASSWORD = 'correct horse battery';
const KEY = 'sk-service-key-123456';

let dir: string;
let upstream: FakeUpstream;
let gateway: RunningGateway;
let access: Access;
let logger: ReturnType<typeof captureLogger>;
let at: number;
const dispatcher = new Agent();

async function start(overrides: Partial<Env> = {}) {
  const dist = join(dir, 'dist');
  mkdirSync(dist, { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Media Studio</title>');
  const env = testEnv({
    DIST_DIR: dist,
    API_BASE_URL: upstream.origin,
    API_KEY: KEY,
    GATEWAY_PASSWORD: PASSWORD,
    ...overrides,
  });
  logger = captureLogger();
  access = createAccess({ env, dataDir: join(dir, 'data'), logger, now: () => new Date(at) });
  gateway = await startGateway(createApp({ env, logger, dispatcher, access }));
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'media-studio-sign-in-limits-'));
  upstream = await startUpstream();
  at = Date.parse('2026-01-01T00:00:00.000Z');
});

afterEach(async () => {
  await gateway.close();
  access.close();
  await upstream.close();
  rmSync(dir, { recursive: true, force: true });
});

function send(
  path: string,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  return rawRequest(gateway.port, path, {
    method,
    headers: {
      host: `127.0.0.1:${gateway.port}`,
      ...(body !== undefined && { 'content-length': String(Buffer.byteLength(body)) }),
      ...headers,
    },
    ...(body !== undefined && { body }),
  });
}

const postPassword = (password: string, headers: Record<string, string> = {}) =>
  send('/auth/password', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'same-origin',
      ...headers,
    },
    body: new URLSearchParams({ password, next: '/' }).toString(),
  });

async function signIn(): Promise<string> {
  const res = await postPassword(PASSWORD);
  expect(res.status).toBe(303);
  return String(res.headers['set-cookie']).split(';')[0]!;
}

async function createToken(cookie: string): Promise<string> {
  const res = await send('/api/access/tokens', {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ name: 'script' }),
  });
  expect(res.status, res.body).toBe(201);
  return createdAccessTokenSchema.parse(JSON.parse(res.body)).token;
}

const withToken = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

async function failTenTimes(headers: Record<string, string> = {}) {
  for (let i = 0; i < 10; i++)
    expect((await postPassword(`wrong-${i}-password`, headers)).status).toBe(401);
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

  it('counts each client behind a trusted proxy apart, by the address the proxy wrote', async () => {
    await start({ TRUST_PROXY: 1 });
    // Whatever the client wrote itself stays on the left; the proxy appends what it saw.
    await failTenTimes({ 'x-forwarded-for': '198.51.100.1, 203.0.113.7' });
    expect((await postPassword(PASSWORD, { 'x-forwarded-for': '203.0.113.7' })).status).toBe(429);
    expect((await postPassword(PASSWORD, { 'x-forwarded-for': '203.0.113.8' })).status).toBe(303);
    expect(logger.lines.join('\n')).toMatch(/sign-in failed.*203\.0\.113\.7.*wrong password/);
  });

  it('counts an IPv6 client by its /64', async () => {
    await start({ TRUST_PROXY: 1 });
    await failTenTimes({ 'x-forwarded-for': '2001:db8:1:2::a' });
    expect((await postPassword(PASSWORD, { 'x-forwarded-for': '2001:db8:1:2::b' })).status).toBe(
      429,
    );
    expect((await postPassword(PASSWORD, { 'x-forwarded-for': '2001:db8:1:3::a' })).status).toBe(
      303,
    );
  });

  it('ignores X-Forwarded-For without TRUST_PROXY: a client cannot pick a fresh address', async () => {
    await start();
    await failTenTimes({ 'x-forwarded-for': '203.0.113.7' });
    expect((await postPassword(PASSWORD, { 'x-forwarded-for': '203.0.113.8' })).status).toBe(429);
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
      const seen = upstream.requests.at(-1)!.headers;
      expect(seen.authorization).toBe(`Bearer ${KEY}`);
      expect(JSON.stringify(seen)).not.toContain(authorization);
    }
    const alone = await send('/api/v1/voice/list', { headers: { authorization: 'Basic eDp5' } });
    expect(alone.status).toBe(401);
    expect(alone.body).toContain('holds no personal access token');
    // None of that was a failed sign-in.
    expect(logger.lines.join('\n')).not.toMatch(/sign-in failed/);
    expect((await postPassword(PASSWORD)).status).toBe(303);
  });
});

describe('the /auth paths', () => {
  it('refuse a form larger than 8 KB with 413, before reading it', async () => {
    await start();
    const res = await postPassword(`${'x'.repeat(9 * 1024)}-password`);
    expect(res.status).toBe(413);
    expect(logger.lines.join('\n')).not.toMatch(/sign-in failed/);
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
