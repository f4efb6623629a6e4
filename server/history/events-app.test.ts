import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { accessPaths, accessSessionListSchema } from '../../src/api/contract/access';
import { historyEventsPath } from '../../src/api/contract/history';
import { createAccess } from '../access/access';
import { openAccessDatabase } from '../access/access-db';
import { createApp } from '../app';
import { captureLogger, rawRequest, startGateway, testEnv } from '../test-support/gateway-server';
import { createGatewayHistory, type GatewayHistory } from './gateway-history';
import { openHistoryDatabase } from './history-db';
import { newRecord } from './routes-harness';
import { sseReader } from './sse-client';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * Through every middleware of the real server (request log, security headers, the /api/*
 * no-store rule): an event must reach the client as it is written, not when a buffer fills.
 */
it('streams through the whole app: no-store, uncompressed, each change on time', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'media-studio-events-app-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const storage = { engine: 'sqlite', dataDir: dir } as const;
  const db = await openHistoryDatabase(storage);
  let history: GatewayHistory | null = null;
  const app = createApp({
    env: testEnv({ DATA_DIR: dir }),
    logger: captureLogger(),
    history: (_target, logger) => {
      history = createGatewayHistory({
        db,
        storage,
        retention: { days: 90, maxRows: 1_000 },
        logger,
        // Nothing here is pending, so the poller never asks.
        read: () => new Promise(() => {}),
      });
      return history;
    },
  });
  cleanups.push(() => history?.close());
  const gateway = await startGateway(app);
  cleanups.push(() => gateway.close());

  const controller = new AbortController();
  cleanups.push(() => controller.abort());
  const res = await fetch(`http://127.0.0.1:${gateway.port}${historyEventsPath}`, {
    signal: controller.signal,
    headers: { 'Accept-Encoding': 'gzip, br' },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(res.headers.get('content-encoding')).toBeNull();
  expect(res.headers.get('x-accel-buffering')).toBe('no');
  const sse = sseReader(res.body!);
  expect((await sse.next(2_000)).event).toBe('ready');

  await history!.store.insert(
    newRecord({ id: 'through-the-app', kind: 'image', status: 'completed' }),
  );
  const block = await sse.next(1_000);
  expect(block.event).toBe('history');
  expect(JSON.parse(block.data!)).toMatchObject({ entry: { id: 'through-the-app' } });
});

/**
 * Signing in is checked when the stream opens, and again twice a second: a stream must not
 * keep delivering to a browser whose session was revoked (or signed out, or expired), even
 * between heartbeats.
 */
it('ends an open stream within about a second once its session is revoked, heartbeats or not', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'media-studio-events-access-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const env = testEnv({ DATA_DIR: dir, GATEWAY_PASSWORD: 'correct horse battery' });
  const logger = captureLogger();
  const accessDb = await openAccessDatabase({ engine: 'sqlite', dataDir: dir });
  const access = await createAccess({ env, db: accessDb, logger });
  cleanups.push(() => access.close());
  const storage = { engine: 'sqlite', dataDir: dir } as const;
  const db = await openHistoryDatabase(storage);
  let history: GatewayHistory | null = null;
  const app = createApp({
    env,
    logger,
    access,
    history: (_target, log) => {
      history = createGatewayHistory({
        db,
        storage,
        retention: { days: 90, maxRows: 1_000 },
        logger: log,
        read: () => new Promise(() => {}),
        // No heartbeat within the test: the stream must end on its own check.
        heartbeatMs: 60_000,
      });
      return history;
    },
  });
  cleanups.push(() => history?.close());
  const gateway = await startGateway(app);
  cleanups.push(() => gateway.close());
  const origin = `http://127.0.0.1:${gateway.port}`;
  const host = `127.0.0.1:${gateway.port}`;

  const body = 'password=correct+horse+battery&next=%2F';
  const signedIn = await rawRequest(gateway.port, '/auth/password', {
    method: 'POST',
    headers: {
      host,
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': String(body.length),
      'sec-fetch-site': 'same-origin',
    },
    body,
  });
  expect(signedIn.status).toBe(303);
  const cookie = String(signedIn.headers['set-cookie']).split(';')[0]!;

  const controller = new AbortController();
  cleanups.push(() => controller.abort());
  const res = await fetch(`${origin}${historyEventsPath}`, {
    signal: controller.signal,
    headers: { cookie },
  });
  expect(res.status).toBe(200);
  const sse = sseReader(res.body!);
  expect((await sse.next(2_000)).event).toBe('ready');
  // Entries flow while the session holds.
  await history!.store.insert(
    newRecord({ id: 'before-revoke', kind: 'image', status: 'completed' }),
  );
  expect((await sse.next(2_000)).event).toBe('history');

  const list = await rawRequest(gateway.port, accessPaths.sessions, { headers: { host, cookie } });
  const [session] = accessSessionListSchema.parse(JSON.parse(list.body)).data;
  const revoked = await rawRequest(gateway.port, accessPaths.session(session!.id), {
    method: 'DELETE',
    headers: { host, cookie, 'sec-fetch-site': 'same-origin' },
  });
  expect(revoked.status).toBe(204);

  // Whatever was already on its way may still arrive; then the stream ends, within a second
  // (and a margin for a loaded machine), rather than pinging on while the tab stays open.
  const deadline = Date.now() + 2_000;
  const outcome = async () => {
    while (Date.now() < deadline) {
      try {
        await sse.next(Math.max(1, deadline - Date.now()));
      } catch (error) {
        return (error as Error).message;
      }
    }
    return 'still open';
  };
  expect(await outcome()).toBe('the stream ended');
});
