import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { historyEventsPath } from '../../src/api/contract/history-paths';
import { createApp } from '../app';
import { createGatewayHistory, type GatewayHistory } from '../history/gateway-history';
import { openHistoryDatabase } from '../history/history-db';
import { newRecord } from '../history/routes-harness';
import { sseReader } from '../history/sse-client';
import { captureLogger, startGateway, testEnv } from '../test-support/gateway-server';
import { parseMetrics, sampleValue } from '../test-support/prometheus-text';
import { shutdownRetryMs } from './event-streams';
import { createLifecycle } from './lifecycle';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function gatewayWithHistory() {
  const dir = mkdtempSync(join(tmpdir(), 'media-studio-ops-events-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const logger = captureLogger();
  const lifecycle = createLifecycle(logger);
  let history: GatewayHistory | null = null;
  const historyDb = await openHistoryDatabase({ engine: 'sqlite', dataDir: dir });
  const app = createApp({
    env: testEnv({ DATA_DIR: dir }),
    logger,
    lifecycle,
    history: (_target, log) => {
      history = createGatewayHistory({
        db: historyDb,
        storage: { engine: 'sqlite', dataDir: dir },
        retention: { days: 90, maxRows: 1_000 },
        logger: log,
        read: () => new Promise(() => {}),
      });
      return history;
    },
  });
  cleanups.push(() => history?.close());
  const gateway = await startGateway(app);
  cleanups.push(() => gateway.close());
  const open = async () => {
    const tab = new AbortController();
    cleanups.push(() => tab.abort());
    const res = await fetch(`http://127.0.0.1:${gateway.port}${historyEventsPath}`, {
      signal: tab.signal,
    });
    expect(res.status).toBe(200);
    return sseReader(res.body!);
  };
  const streamsOpen = async () =>
    sampleValue(
      parseMetrics(await (await app.request('http://localhost/metrics')).text()),
      'history_event_streams_open',
    );
  return { app, lifecycle, history: () => history!, open, streamsOpen };
}

it('tells an open stream to come back in a second and ends it when shutdown begins', async () => {
  const gw = await gatewayWithHistory();
  const tabs = [await gw.open(), await gw.open()];
  for (const tab of tabs) expect((await tab.next()).event).toBe('ready');
  expect(await gw.streamsOpen()).toBe(2);

  // Events still flow whole up to the end.
  gw.history().store.insert(
    newRecord({ id: 'before-the-end', kind: 'image', status: 'completed' }),
  );
  for (const tab of tabs) {
    const block = await tab.next();
    expect(block.event).toBe('history');
    expect(JSON.parse(block.data!)).toMatchObject({ entry: { id: 'before-the-end' } });
  }

  void gw.lifecycle.shutdown();
  for (const tab of tabs) {
    const hint = await tab.next();
    expect(hint).toEqual({ retry: String(shutdownRetryMs), comments: [] });
    await expect(tab.next()).rejects.toThrow('the stream ended');
  }
  expect(await gw.streamsOpen()).toBe(0);
});

it('ends a stream opened once shutdown has begun at once, with the same hint', async () => {
  const gw = await gatewayWithHistory();
  void gw.lifecycle.shutdown();
  const late = await gw.open();
  expect(await late.next()).toEqual({ retry: String(shutdownRetryMs), comments: [] });
  await expect(late.next()).rejects.toThrow('the stream ended');
  expect(await gw.streamsOpen()).toBe(0);
});
