import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { historyListSchema, startKeyHeader } from '../../src/api/contract/history';
import { createApp } from '../app';
import { createGatewayHistory, type GatewayHistory } from '../history/gateway-history';
import { openHistoryDatabase } from '../history/history-db';
import { startUpstream } from '../test-support/fake-upstream';
import { captureLogger, startGateway, testEnv } from '../test-support/gateway-server';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

let taskCount = 0;

/**
 * Through the real gateway to a service on this machine: a start a spent budget stops is
 * answered by the gateway, and the service never hears of it.
 */
it('refuses a training start with 402 before it goes upstream, and replays an earlier keyed start', async () => {
  const upstream = await startUpstream((_req, res, recorded) => {
    taskCount += 1;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        data: {
          task_id: `tr-${taskCount}`,
          name: 'calm_voice',
          status: 'queued',
          url: recorded.url,
        },
        trace_id: 'up-1',
      }),
    );
  });
  cleanups.push(() => upstream.close());
  const dir = mkdtempSync(join(tmpdir(), 'media-studio-budget-gate-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const storage = { engine: 'sqlite', dataDir: dir } as const;
  const db = await openHistoryDatabase(storage);
  let history: GatewayHistory | null = null;
  const app = createApp({
    env: testEnv({ DATA_DIR: dir, API_BASE_URL: upstream.origin, API_KEY: 'sk-budget-test' }),
    logger: captureLogger(),
    history: (_target, logger) => {
      history = createGatewayHistory({
        db,
        storage,
        retention: { days: 90, maxRows: 1_000 },
        logger,
        // The poller's reads never answer: the jobs stay as created.
        read: () => new Promise(() => {}),
      });
      return history;
    },
  });
  cleanups.push(() => history?.close());
  const gateway = await startGateway(app);
  cleanups.push(() => gateway.close());
  const base = `http://127.0.0.1:${gateway.port}`;

  const start = (key?: string) =>
    fetch(`${base}/api/v1/training/voice`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(key && { [startKeyHeader]: key }),
      },
      body: JSON.stringify({ name: 'calm_voice', audio_urls: ['https://example.com/a.wav'] }),
    });
  const setTeam = (monthly_limit: number | null) =>
    fetch(`${base}/api/budgets/team`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ monthly_limit }),
    });
  const trainingsUpstream = () =>
    upstream.requests.filter((request) => request.url.includes('/training/')).length;
  const entries = async () =>
    historyListSchema.parse(await (await fetch(`${base}/api/history`)).json()).entries.length;

  const first = await start('click-1');
  expect(first.status).toBe(200);
  expect(trainingsUpstream()).toBe(1);

  // A limit of 0 allows no new training this month.
  expect((await setTeam(0)).status).toBe(200);
  const refused = await start('click-2');
  expect(refused.status).toBe(402);
  const body = (await refused.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe('budget_exceeded');
  expect(body.error.message).toMatch(/^The team's monthly budget of \$0\.00 is spent/);
  expect(trainingsUpstream()).toBe(1);
  expect(await entries()).toBe(1);

  // The start made before the limit is answered again as it was (a reload resuming it), not refused.
  const replayed = await start('click-1');
  expect(replayed.status).toBe(200);
  expect(replayed.headers.get('idempotent-replayed')).toBe('true');
  expect(trainingsUpstream()).toBe(1);

  // Once the limit goes, the refused start goes through with its key: the refusal was not kept.
  expect((await setTeam(null)).status).toBe(200);
  const retried = await start('click-2');
  expect(retried.status).toBe(200);
  expect(trainingsUpstream()).toBe(2);
  expect(await entries()).toBe(2);
});
