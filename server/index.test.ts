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

it('serves, prints URL and mode (not the key), warns off loopback, and stops cleanly on SIGTERM', async () => {
  const run = start({
    PORT: '0',
    HOST: '0.0.0.0',
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
  expect(run.output()).toMatch(/warn bound to 0\.0\.0\.0, not loopback/);
  run.child.kill('SIGTERM');
  expect(await run.exited).toBe(0);
  expect(run.output()).not.toContain(KEY);
}, 20_000);
