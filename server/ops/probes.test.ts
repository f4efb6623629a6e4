import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { openPostgresDb } from '../db/postgres-db';
import type { Migrations, SqlDb } from '../db/sql-db';
import { openSqliteDb } from '../db/sqlite-db';
import { captureLogger, testEnv } from '../test-support/gateway-server';
import { freshPostgresDatabase } from '../test-support/test-database';
import { createLifecycle } from './lifecycle';
import { databaseReadiness, type Readiness } from './readiness';

let dir: string;
let dist: string;
const cleanups: Array<() => Promise<void> | void> = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'media-studio-probes-'));
  dist = join(dir, 'dist');
  mkdirSync(dist);
  // A built app whose page answers any path it does not know: the probes must never be it.
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Media Studio</title>');
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  rmSync(dir, { recursive: true, force: true });
});

function gateway(options: { readiness?: Readiness; allowedHosts?: string[] } = {}) {
  const logger = captureLogger();
  const lifecycle = createLifecycle(logger);
  const app = createApp({
    env: testEnv({ DIST_DIR: dist, ALLOWED_HOSTS: options.allowedHosts ?? [] }),
    logger,
    lifecycle,
    ...(options.readiness && { readiness: options.readiness }),
  });
  /** In-process, the host checked is the URL's, as the server builds it from Host. */
  const get = (path: string, init: RequestInit = {}, host = 'localhost') =>
    app.request(`http://${host}${path}`, init);
  return { app, get, logger, lifecycle };
}

describe('GET /healthz', () => {
  it('says the process answers, in a small JSON never cached, never the app page', async () => {
    const { get } = gateway();
    const res = await get('/healthz');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ok' });
    const head = await get('/healthz', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    // The page is what an unknown path gets: the probe's path is not one.
    expect(await (await get('/healthz-not')).text()).toContain('<title>Media Studio</title>');
  });

  it('still answers while the gateway shuts down (the process is alive)', async () => {
    const { get, lifecycle } = gateway();
    void lifecycle.shutdown();
    const res = await get('/healthz');
    expect(res.status).toBe(200);
    // Like every answer from now on: the client's next request goes to another replica.
    expect(res.headers.get('connection')).toBe('close');
  });
});

describe('GET /readyz', () => {
  it('is ready without databases to wait for, until shutdown begins', async () => {
    const { get, lifecycle } = gateway();
    const res = await get('/readyz');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ready' });
    void lifecycle.shutdown();
    const stopping = await get('/readyz');
    expect(stopping.status).toBe(503);
    expect(await stopping.json()).toEqual({ status: 'not_ready', reason: 'shutting down' });
  });

  it('answers 503 with the reason the check gives, logs it once, and says when ready again', async () => {
    let answer = { ready: false, reason: 'the history database does not answer' };
    const { get, logger } = gateway({ readiness: async () => answer });
    for (let i = 0; i < 3; i++) {
      const res = await get('/readyz');
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        status: 'not_ready',
        reason: 'the history database does not answer',
      });
    }
    expect(logger.lines.filter((line) => line.includes('not ready'))).toHaveLength(1);
    answer = { ready: true, reason: '' };
    expect((await get('/readyz')).status).toBe(200);
    expect(logger.lines.some((line) => line.startsWith('info ready again'))).toBe(true);
  });

  it('keeps the error of a failed check in the log, out of the answer', async () => {
    const { get, logger } = gateway({
      readiness: () => Promise.reject(new Error('connect ECONNREFUSED 10.0.7.12:5432')),
    });
    const res = await get('/readyz');
    expect(res.status).toBe(503);
    const body = await res.text();
    expect(JSON.parse(body)).toEqual({ status: 'not_ready', reason: 'the readiness check failed' });
    expect(body).not.toContain('10.0.7.12');
    expect(logger.lines.join('\n')).toContain('ECONNREFUSED 10.0.7.12:5432');
  });

  it('is not ready when the check hangs', async () => {
    const { get } = gateway({ readiness: () => new Promise(() => {}) });
    const res = await get('/readyz');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      status: 'not_ready',
      reason: 'the readiness check took too long',
    });
  });
});

describe('the probes and the host check', () => {
  it('answer a balancer that names the instance by its address; nothing else does', async () => {
    const { get } = gateway({ allowedHosts: ['studio.example.com'] });
    const byAddress = (path: string) => get(path, {}, '10.0.3.7:8080');
    expect((await byAddress('/healthz')).status).toBe(200);
    expect((await byAddress('/readyz')).status).toBe(200);
    for (const path of ['/', '/metrics', '/api/gateway/status', '/healthz/x'])
      expect((await byAddress(path)).status, path).toBe(403);
    expect((await get('/', {}, 'studio.example.com')).status).toBe(200);
  });
});

const migrations: Migrations = {
  component: 'ready_things',
  sqlite: ['CREATE TABLE things (id TEXT PRIMARY KEY)'],
  postgres: ['CREATE TABLE things (id TEXT PRIMARY KEY)'],
};

/** Each engine: a migrated database, and how its recorded schema is lost (a restored backup). */
const engines: Record<string, () => Promise<{ db: SqlDb; forget: () => Promise<void> }>> = {
  sqlite: async () => {
    const db = openSqliteDb(join(dir, 'data', 'things.sqlite'), migrations);
    cleanups.push(() => db.close());
    return { db, forget: async () => void db.raw.pragma('user_version = 0') };
  },
  postgres: async () => {
    const database = await freshPostgresDatabase();
    cleanups.push(() => database.drop());
    const db = await openPostgresDb(database.url, migrations, { schema: 'ready_things' });
    // The test closes it; this is for a test that failed before.
    cleanups.push(() => db.close().catch(() => {}));
    return {
      db,
      forget: async () =>
        void (await db.run('DELETE FROM schema_version WHERE component = ?', [
          migrations.component,
        ])),
    };
  },
};

describe.each(Object.keys(engines))('readiness of a %s database', (engine) => {
  it('is ready while it answers and is migrated, and says which database fails', async () => {
    const { db, forget } = await engines[engine]!();
    const { get, logger } = gateway({
      readiness: databaseReadiness([{ name: 'history', db, migrations }]),
    });
    const ready = await get('/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });

    await forget();
    const behind = await get('/readyz');
    expect(behind.status).toBe(503);
    expect(await behind.json()).toEqual({
      status: 'not_ready',
      reason: 'the history database is not migrated',
    });

    await db.close();
    const closed = await get('/readyz');
    expect(closed.status).toBe(503);
    expect(await closed.json()).toEqual({
      status: 'not_ready',
      reason: 'the history database does not answer',
    });
    // What failed is for the operator: in the log.
    expect(logger.lines.filter((line) => line.startsWith('warn not ready'))).toHaveLength(2);
  });
});
