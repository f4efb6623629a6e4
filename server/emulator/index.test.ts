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

it('npm run emulator: answers misses with the envelope, 404 or 405 with Allow, like the gateway', async () => {
  const run = start('server/emulator/index.ts', {
    EMULATOR_PORT: '0',
    EMULATOR_DATA_DIR: join(dir, 'standalone-misses'),
    EMULATOR_API_KEYS: 'key-one',
  });
  const listening = await run.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)\/api\/v1/);
  expect(listening, run.output()).not.toBeNull();
  const origin = listening![1]!;
  const call = (method: string, path: string) =>
    fetch(`${origin}${path}`, { method, headers: { authorization: 'Bearer key-one' } });
  const envelopeOf = async (res: Response) => {
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('x-trace-id')).toBeTruthy();
    // The page reading it from another origin can: CORS is on here.
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    return res.json();
  };

  for (const [method, path] of [
    ['GET', '/api/v1/nope'],
    ['POST', '/api/v1/training/voice/'],
    ['DELETE', '/'],
  ] as const) {
    const res = await call(method, path);
    expect(res.status, `${method} ${path}`).toBe(404);
    expect(res.headers.get('allow')).toBeNull();
    if (path.startsWith('/api/')) {
      expect(await envelopeOf(res)).toEqual({
        error: { code: 'not_found', message: 'No API endpoint at this path.' },
      });
    } else {
      // Outside /api there is no CORS, but the answer is the same envelope.
      expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
    }
  }

  const wrong = await call('DELETE', '/api/v1/voice/list');
  expect(wrong.status).toBe(405);
  // OPTIONS too: the standalone emulator answers preflights.
  expect(wrong.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  expect(await envelopeOf(wrong)).toEqual({
    error: {
      code: 'invalid_request',
      message: 'Method DELETE is not allowed at this path. Allowed: GET, HEAD, OPTIONS.',
    },
  });
  const get = await call('GET', '/api/v1/training/voice');
  expect(get.status).toBe(405);
  expect(get.headers.get('allow')).toBe('POST, OPTIONS');
  const head = await call('HEAD', '/api/v1/t2a');
  expect(head.status).toBe(405);
  expect(head.headers.get('allow')).toBe('POST, OPTIONS');
  expect(await head.text()).toBe('');
  // Still no key, still 401 first.
  expect((await fetch(`${origin}/api/v1/voice/list`, { method: 'DELETE' })).status).toBe(401);

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
    database: 'sqlite',
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
