import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServerProcess } from './test-support/child-server';
import { freshPostgresDatabase } from './test-support/test-database';

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
  // Idle connections outlive a proxy's pooled ones (60 s), so none is closed under a request.
  expect(status.headers.get('keep-alive')).toBe('timeout=65');
  expect(await status.json()).toEqual({
    mode: 'upstream',
    upstream_origin: 'https://api.example.com',
    credentials: true,
    // The one process keeps its state in SQLite and polls every job itself.
    database: 'sqlite',
    poller: 'leading',
  });
  expect(run.output()).toContain('upstream https://api.example.com');
  expect(run.output()).toMatch(/info access mode=open/);
  run.child.kill('SIGTERM');
  expect(await run.exited).toBe(0);
  expect(run.output()).not.toContain(KEY);
}, 20_000);

it('keeps its history in PostgreSQL with DATABASE_URL, and says so', async () => {
  const database = await freshPostgresDatabase('index');
  try {
    const run = start({
      PORT: '0',
      HOST: '127.0.0.1',
      DIST_DIR: dist,
      API_BASE_URL: 'https://api.example.com',
      DATABASE_URL: database.url,
    });
    const listening = await run.waitFor(/listening on http:\/\/[^:]+:(\d+)/);
    expect(listening, run.output()).not.toBeNull();
    const status = await fetch(`http://127.0.0.1:${listening![1]}/api/gateway/status`);
    expect(await status.json()).toMatchObject({ database: 'postgres' });
    const history = await fetch(`http://127.0.0.1:${listening![1]}/api/history`);
    expect(await history.json()).toMatchObject({ entries: [], seq: 0 });
    expect(run.output()).toContain('history kept in PostgreSQL');
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(run.output()).not.toContain(database.url);
  } finally {
    await database.drop();
  }
}, 20_000);

it('stops with exit code 1 and says why when the database cannot be opened', async () => {
  const run = start({
    PORT: '0',
    HOST: '127.0.0.1',
    DIST_DIR: dist,
    API_BASE_URL: 'https://api.example.com',
    // Nothing listens on port 1.
    DATABASE_URL: 'postgres://studio@127.0.0.1:1/media',
  });
  expect(await run.exited).toBe(1);
  expect(run.output()).toMatch(/ECONNREFUSED/);
  expect(run.output()).not.toContain('listening on');
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

it('refuses to run without sign-in under a name others reach, even listening on loopback', async () => {
  for (const [env, named] of [
    [{ PUBLIC_URL: 'https://studio.example.com' }, 'serve PUBLIC_URL=https://studio.example.com'],
    [{ ALLOWED_HOSTS: 'localhost:8080, studio.lan' }, 'answer for studio.lan (in ALLOWED_HOSTS)'],
  ] as const) {
    const run = start({ PORT: '0', DIST_DIR: dist, API_KEY: KEY, ...env });
    expect(await run.exited, run.output()).toBe(1);
    expect(run.output()).toContain(`Refusing to ${named} without sign-in`);
    expect(run.output()).toContain('GATEWAY_PASSWORD');
    expect(run.output()).toContain('OIDC_ISSUER, OIDC_CLIENT_ID and PUBLIC_URL');
    expect(run.output()).not.toContain('listening on');
    expect(run.output()).not.toContain(KEY);
  }
}, 40_000);

it('runs without sign-in under loopback names, and says which address it listens on', async () => {
  const run = start({
    PORT: '0',
    DIST_DIR: dist,
    API_BASE_URL: 'https://api.example.com',
    API_KEY: KEY,
    PUBLIC_URL: 'http://localhost:8787',
    ALLOWED_HOSTS: 'studio.localhost,[::1]:8080',
  });
  const listening = await run.waitFor(/note="?no sign-in: listening on ([^\s"]+) only/);
  expect(listening, run.output()).not.toBeNull();
  expect(listening![1]).toBe('127.0.0.1');
  run.child.kill('SIGTERM');
  expect(await run.exited).toBe(0);
}, 20_000);

it('stops when a loopback name for HOST turns out to lead elsewhere', async () => {
  // This process resolves `trap.localhost` to the wildcard address, as a hostile resolver might.
  const trap = join(dist, 'trap-resolver.mjs');
  writeFileSync(
    trap,
    `import dns from 'node:dns';
const lookup = dns.lookup;
dns.lookup = function (host, ...rest) {
  if (host !== 'trap.localhost') return lookup.call(this, host, ...rest);
  const done = rest.at(-1);
  if (rest[0]?.all) return process.nextTick(done, null, [{ address: '0.0.0.0', family: 4 }]);
  return process.nextTick(done, null, '0.0.0.0', 4);
};
`,
  );
  const run = start({
    PORT: '0',
    HOST: 'trap.localhost',
    DIST_DIR: dist,
    API_KEY: KEY,
    NODE_OPTIONS: `--import ${pathToFileURL(trap).href}`,
  });
  expect(await run.exited, run.output()).toBe(1);
  expect(run.output()).toContain(
    'Refusing to listen on 0.0.0.0 (where HOST=trap.localhost led) without sign-in',
  );
  expect(run.output()).not.toMatch(/info access mode=open/);
  expect(run.output()).not.toContain(KEY);
}, 20_000);
