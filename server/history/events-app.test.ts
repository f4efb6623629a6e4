import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { historyEventsPath } from '../../src/api/contract/history';
import { createApp } from '../app';
import { captureLogger, startGateway, testEnv } from '../test-support/gateway-server';
import { createGatewayHistory, type GatewayHistory } from './gateway-history';
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
  let history: GatewayHistory | null = null;
  const app = createApp({
    env: testEnv({ DATA_DIR: dir }),
    logger: captureLogger(),
    history: (_target, logger) => {
      history = createGatewayHistory({
        dataDir: dir,
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

  history!.store.insert(newRecord({ id: 'through-the-app', kind: 'image', status: 'completed' }));
  const block = await sse.next(1_000);
  expect(block.event).toBe('history');
  expect(JSON.parse(block.data!)).toMatchObject({ entry: { id: 'through-the-app' } });
});
