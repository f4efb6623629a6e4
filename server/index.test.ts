import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServerProcess } from './test-support/child-server';

const start = (env: Record<string, string>) => startServerProcess('server/index.ts', env);

const KEY = 'sk-index-test-123456';
let dist: string;

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'media-studio-index-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>built</title>');
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

it('stops with exit code 1 and names the bad variable', async () => {
  const run = start({ PORT: 'eighty', API_BASE_URL: 'ftp://x', API_KEY: KEY });
  expect(await run.exited).toBe(1);
  expect(run.output()).toContain('PORT: must be a whole number');
  expect(run.output()).toContain('API_BASE_URL: must use http or https');
  expect(run.output()).not.toContain(KEY);
}, 20_000);

it('serves, prints URL and mode (not the key), and stops cleanly on SIGTERM', async () => {
  const run = start({
    PORT: '0',
    HOST: '127.0.0.1',
    DIST_DIR: dist,
    API_BASE_URL: 'https://api.example.com',
    API_KEY: KEY,
  });
  const listening = await run.waitFor(/listening on http:\/\/[^:]+:(\d+)/);
  expect(listening, run.output()).not.toBeNull();
  const status = await fetch(`http://127.0.0.1:${listening![1]}/api/gateway/status`);
  expect(await status.json()).toEqual({
    mode: 'upstream',
    upstream_origin: 'https://api.example.com',
    credentials: true,
  });
  expect(run.output()).toContain('upstream https://api.example.com');
  expect(run.output()).toMatch(/info access mode=open/);
  run.child.kill('SIGTERM');
  expect(await run.exited).toBe(0);
  expect(run.output()).not.toContain(KEY);
}, 20_000);

it('refuses to listen off loopback without sign-in, and says which settings to set', async () => {
  const run = start({ PORT: '0', HOST: '0.0.0.0', DIST_DIR: dist, API_KEY: KEY });
  expect(await run.exited).toBe(1);
  expect(run.output()).toContain('Refusing to listen on 0.0.0.0 without sign-in');
  expect(run.output()).toContain('GATEWAY_PASSWORD');
  expect(run.output()).toContain('OIDC_ISSUER, OIDC_CLIENT_ID and PUBLIC_URL');
  expect(run.output()).toContain('HOST=127.0.0.1');
  expect(run.output()).not.toContain('listening on');
  expect(run.output()).not.toContain(KEY);
}, 20_000);

it('listens off loopback with a password, and asks for sign-in there', async () => {
  const run = start({
    PORT: '0',
    HOST: '0.0.0.0',
    DIST_DIR: dist,
    API_BASE_URL: 'https://api.example.com',
    API_KEY: KEY,
    GATEWAY_PASSWORD: 'correct horse battery',
  });
  const listening = await run.waitFor(/listening on http:\/\/[^:]+:(\d+)/);
  expect(listening, run.output()).not.toBeNull();
  const status = await fetch(`http://127.0.0.1:${listening![1]}/api/gateway/status`);
  expect(status.status).toBe(401);
  expect(await status.json()).toMatchObject({ error: { code: 'sign_in_required' } });
  expect(run.output()).toMatch(/info access mode=password/);
  run.child.kill('SIGTERM');
  expect(await run.exited).toBe(0);
}, 20_000);
