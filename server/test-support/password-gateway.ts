import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'undici';
import { afterEach, beforeEach, expect } from 'vitest';
import { createdAccessTokenSchema } from '../../src/api/contract/access';
import { createAccess, type Access } from '../access/access';
import { createApp } from '../app';
import type { Env } from '../env';
import { testAccessDatabase, type AccessEngine, type TestAccessDatabase } from './access-database';
import { startUpstream, type FakeUpstream } from './fake-upstream';
import {
  captureLogger,
  rawRequest,
  startGateway,
  testEnv,
  type RawResponse,
  type RunningGateway,
} from './gateway-server';

export const PASSWORD = 'correct horse battery';
export const SERVICE_KEY = 'sk-service-key-123456';

interface SendOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * A gateway asking for a password, over a real socket (so the limiter sees a real client
 * address), with a real access database of its own for each test (an access.sqlite, or a
 * PostgreSQL database), in front of a fake upstream that records what reaches it. Its clock is
 * `at`, which a test moves forward. Registers the hooks that set it up and take it down around
 * each test.
 */
export function usePasswordGateway(name: string, engine: AccessEngine = 'sqlite') {
  const dispatcher = new Agent();
  const gw = {
    at: 0,
    dir: '',
    upstream: undefined as unknown as FakeUpstream,
    gateway: undefined as RunningGateway | undefined,
    access: undefined as Access | undefined,
    database: undefined as TestAccessDatabase | undefined,
    logger: captureLogger(),
    /** The password is set unless `overrides` clears it (`GATEWAY_PASSWORD: undefined`). */
    async start(overrides: Partial<Env> = {}) {
      const dist = join(gw.dir, 'dist');
      mkdirSync(join(dist, 'assets'), { recursive: true });
      writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Media Studio</title>');
      writeFileSync(join(dist, 'assets', 'app.js'), 'export {};');
      writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
      const env = testEnv({
        DIST_DIR: dist,
        API_BASE_URL: gw.upstream.origin,
        API_KEY: SERVICE_KEY,
        GATEWAY_PASSWORD: PASSWORD,
        SESSION_IDLE_HOURS: 24,
        ...overrides,
      });
      gw.logger = captureLogger();
      gw.database ??= await testAccessDatabase(engine);
      const access = await createAccess({
        env,
        db: await gw.database.open(),
        logger: gw.logger,
        now: () => new Date(gw.at),
      });
      gw.access = access;
      gw.gateway = await startGateway(createApp({ env, logger: gw.logger, dispatcher, access }));
    },
    host: () => `127.0.0.1:${gw.gateway!.port}`,
    send(path: string, { method = 'GET', headers = {}, body }: SendOptions = {}) {
      return rawRequest(gw.gateway!.port, path, {
        method,
        headers: {
          host: gw.host(),
          ...(body !== undefined && { 'content-length': String(Buffer.byteLength(body)) }),
          ...headers,
        },
        ...(body !== undefined && { body }),
      });
    },
    postPassword(
      password: string,
      { next = '/', headers = {} }: { next?: string; headers?: Record<string, string> } = {},
    ): Promise<RawResponse> {
      return gw.send('/auth/password', {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'sec-fetch-site': 'same-origin',
          ...headers,
        },
        body: new URLSearchParams({ password, next }).toString(),
      });
    },
    /** Signs in with the password; returns the Cookie header to send. */
    async signIn(): Promise<string> {
      const res = await gw.postPassword(PASSWORD);
      expect(res.status).toBe(303);
      return String(res.headers['set-cookie']).split(';')[0]!;
    },
    postToken(cookie: string, body: unknown) {
      return gw.send('/api/access/tokens', {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
        body: JSON.stringify(body),
      });
    },
    async createToken(cookie: string, tokenName = 'script', expiresInDays?: number | null) {
      const res = await gw.postToken(cookie, { name: tokenName, expires_in_days: expiresInDays });
      expect(res.status, res.body).toBe(201);
      return createdAccessTokenSchema.parse(JSON.parse(res.body)).token;
    },
    withToken: (token: string) => ({ headers: { authorization: `Bearer ${token}` } }),
  };

  beforeEach(async () => {
    gw.dir = mkdtempSync(join(tmpdir(), `media-studio-${name}-`));
    gw.upstream = await startUpstream();
    gw.at = Date.parse('2026-01-01T00:00:00.000Z');
  });

  afterEach(async () => {
    await gw.gateway?.close();
    gw.gateway = undefined;
    await gw.access?.close();
    gw.access = undefined;
    await gw.database?.remove();
    gw.database = undefined;
    await gw.upstream.close();
    rmSync(gw.dir, { recursive: true, force: true });
  });

  return gw;
}
