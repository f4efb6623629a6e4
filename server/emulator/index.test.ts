import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServerProcess as start } from '../test-support/child-server';

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'media-emulator-index-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>built</title>');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('npm run emulator: prints the base URL and keys, serves, stops cleanly on SIGTERM', async () => {
  const run = start('server/emulator/index.ts', {
    EMULATOR_PORT: '0',
    EMULATOR_DATA_DIR: join(dir, 'standalone'),
    EMULATOR_API_KEYS: 'key-one,key-two',
  });
  const listening = await run.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+\/api\/v1)/);
  expect(listening, run.output()).not.toBeNull();
  // The keys come in a line of their own, which may arrive in a later chunk of output.
  const keys = await run.waitFor(/accepted API keys: (.*)/);
  expect(keys?.[1], run.output()).toBe('key-one, key-two');
  const base = listening![1]!;
  const sandbox = await fetch(`${base}/code/sandbox`, {
    method: 'POST',
    headers: { authorization: 'Bearer key-two', 'content-type': 'application/json' },
    body: '{"language":"python"}',
  });
  expect(sandbox.status).toBe(200);
  // Direct mode from another origin works: CORS is on for the standalone emulator.
  expect(sandbox.headers.get('access-control-allow-origin')).toBe('*');
  run.child.kill('SIGTERM');
  expect(await run.exited).toBe(0);
}, 30_000);

it('npm run emulator: exits 1 naming a bad variable', async () => {
  const run = start('server/emulator/index.ts', { EMULATOR_FAULTS: '2' });
  expect(await run.exited).toBe(1);
  expect(run.output()).toContain('EMULATOR_FAULTS: must be a number from 0 to 1');
}, 30_000);

it('npm start without API_BASE_URL embeds the emulator', async () => {
  const run = start('server/index.ts', {
    PORT: '0',
    DIST_DIR: dir,
    EMULATOR_DATA_DIR: join(dir, 'embedded'),
    EMULATOR_API_KEYS: 'secret-embedded-key',
  });
  const listening = await run.waitFor(/listening on http:\/\/[^:]+:(\d+)/);
  expect(listening, run.output()).not.toBeNull();
  await run.waitFor(/using the embedded emulator/);
  expect(run.output()).toContain('using the embedded emulator');
  const origin = `http://127.0.0.1:${listening![1]}`;
  expect(await (await fetch(`${origin}/api/gateway/status`)).json()).toEqual({
    mode: 'emulator',
    upstream_origin: null,
    credentials: true,
  });
  const sandbox = await fetch(`${origin}/api/v1/code/sandbox`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"language":"python"}',
  });
  expect(sandbox.status).toBe(200);
  // No CORS through the gateway: other sites must not read answers sent with the injected key.
  expect(sandbox.headers.get('access-control-allow-origin')).toBeNull();
  run.child.kill('SIGTERM');
  expect(await run.exited).toBe(0);
  expect(run.output()).not.toContain('secret-embedded-key');
}, 30_000);

it('npm start exits 1 naming a bad emulator variable', async () => {
  const run = start('server/index.ts', { DIST_DIR: dir, EMULATOR_MAX_UPLOAD_MB: 'lots' });
  expect(await run.exited).toBe(1);
  expect(run.output()).toContain('EMULATOR_MAX_UPLOAD_MB: must be a positive number of megabytes');
}, 30_000);
