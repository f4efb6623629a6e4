import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { localChangeFeed, listeningChangeFeed } from '../server/history/change-feed';
import {
  historySchema,
  openHistoryPostgres,
  openHistorySqlite,
} from '../server/history/history-db';
import { createHistoryStore } from '../server/history/history-store';
import type { HistoryStore } from '../server/history/types';
import { createNotifier } from '../server/notify/notifier';
import { postJson } from '../server/notify/post-json';
import type { SqlDb } from '../server/db/sql-db';
import { createTestDatabase, testPostgres } from '../server/test-support/postgres-server';
import {
  startWebhookReceiver,
  type WebhookReceiver,
} from '../server/test-support/webhook-receiver';
import { round } from './support/browser';
import type { BenchContext, BenchFigure, BenchResult } from './types';

/**
 * How soon a job's end reaches its webhooks, as the gateway runs it: the history write that
 * settles a training (the poller's), its notice, the fan-out, the queue and a signed POST to a
 * receiver on this machine. Measured against the floor, one bare POST of the same body to the
 * same receiver, side by side; and how many deliveries a burst of job ends gets through.
 */
const webhooks = 2;
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

interface Setup {
  store: HistoryStore;
  db: SqlDb;
  close(): Promise<void>;
}

async function sqliteSetup(): Promise<Setup> {
  const dir = mkdtempSync(join(tmpdir(), 'media-studio-bench-notify-'));
  // One connection for the history and its notifications, as the gateway has (server/index.ts).
  const db = openHistorySqlite(dir);
  const store = createHistoryStore(db, { feed: localChangeFeed() });
  return {
    store,
    db,
    async close() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function postgresSetup(): Promise<Setup> {
  const server = await testPostgres();
  const database = await createTestDatabase(server.url, 'ms_bench_notify');
  const db = await openHistoryPostgres(database.url);
  const feed = listeningChangeFeed({ db, url: database.url, schema: historySchema });
  const store = createHistoryStore(db, { feed });
  return {
    store,
    db,
    async close() {
      await store.close();
      await database.drop();
      await server.stop();
    },
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

let counter = 0;
/** A training the poller sees complete: its creation, a running reading and the end. */
async function finishTraining(store: HistoryStore): Promise<{ id: string; endedAt: number }> {
  counter += 1;
  const id = `bench_job_${counter}`;
  const created = new Date().toISOString();
  await store.insert({
    id,
    kind: 'voice',
    name: `bench_voice_${counter}`,
    params: {},
    created_at: created,
    status: 'queued',
    latest: null,
    result: null,
    cost: null,
    error: null,
    source: 'client',
  });
  await store.applyStatus(id, { status: 'running', progress: 50 }, new Date().toISOString());
  const endedAt = performance.now();
  await store.applyStatus(
    id,
    { status: 'completed', progress: 100, total_cost: 1.2 },
    new Date().toISOString(),
  );
  return { id, endedAt };
}

const jobIdOf = (body: string) => (JSON.parse(body) as { data: { id: string } }).data.id;

/** Waits until every receiver has had `n` requests; the time each job's request arrived. */
async function arrivals(receivers: WebhookReceiver[], n: number, timeoutMs: number) {
  await Promise.all(receivers.map((receiver) => receiver.waitFor(n, timeoutMs)));
}

async function measure(engine: 'sqlite' | 'postgres', ctx: BenchContext) {
  const setup = engine === 'sqlite' ? await sqliteSetup() : await postgresSetup();
  const receivers = await Promise.all(
    Array.from({ length: webhooks }, () => startWebhookReceiver([204])),
  );
  // The floor's own receiver: its requests are not deliveries to count.
  const floorReceiver = await startWebhookReceiver([204]);
  const notifier = createNotifier({
    db: setup.db,
    history: setup.store,
    logger: quiet,
    leading: () => true,
    openMode: true,
    policy: { allowPrivate: true },
    publicUrl: () => 'http://127.0.0.1',
    vapidSubject: 'mailto:bench@example.com',
  });
  try {
    const app = new Hono().route('/', notifier.routes);
    for (const receiver of receivers)
      await app.request('/api/webhooks', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url: receiver.url, events: ['training.completed'] }),
      });

    // One job at a time: from the write that ends it to its arrival at each webhook.
    const singles = ctx.quick ? 10 : 60;
    const latencies: number[] = [];
    const floor: number[] = [];
    for (let i = 0; i < singles; i += 1) {
      const { id, endedAt } = await finishTraining(setup.store);
      await arrivals(receivers, i + 1, 30_000);
      for (const receiver of receivers) {
        const hit = receiver.received.find((request) => jobIdOf(request.body) === id)!;
        latencies.push(hit.at - (performance.timeOrigin + endedAt));
      }
      // The floor: the same body, posted straight to the same receiver.
      const started = performance.now();
      await postJson(
        receivers[0]!.url,
        receivers[0]!.received.at(-1)!.body,
        {},
        {
          policy: { allowPrivate: true },
        },
      );
      floor.push(performance.now() - started);
      await sleep(20);
    }

    // A burst: many jobs end at once (a batch of trainings), every webhook told of each.
    const burst = ctx.quick ? 50 : 300;
    const before = receivers.map((receiver) => receiver.received.length);
    const started = performance.now();
    await Promise.all(Array.from({ length: burst }, () => finishTraining(setup.store)));
    await Promise.all(
      receivers.map((receiver, i) => receiver.waitFor(before[i]! + burst, 120_000)),
    );
    const burstSeconds = (performance.now() - started) / 1000;
    const perSecond = (burst * webhooks) / burstSeconds;
    ctx.log(
      `${engine}: p50 ${round(percentile(latencies, 50), 1)} ms, p95 ${round(percentile(latencies, 95), 1)} ms (bare POST p50 ${round(percentile(floor, 50), 1)} ms); burst ${burst} jobs × ${webhooks} webhooks in ${round(burstSeconds, 2)} s`,
    );
    return {
      engine,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      floorP50: percentile(floor, 50),
      burst,
      burstSeconds,
      perSecond,
    };
  } finally {
    await notifier.close();
    await Promise.all([...receivers, floorReceiver].map((receiver) => receiver.close()));
    await setup.close();
  }
}

/** A job's end reaches its webhook within a second (p95), with a burst of them draining fast. */
const targets = { p95Ms: 1_000, perSecond: 50 };

export async function run(ctx: BenchContext): Promise<BenchResult> {
  const results = [await measure('sqlite', ctx), await measure('postgres', ctx)];
  const summary: BenchFigure[] = results.flatMap((r) => [
    {
      label: `Job end to webhook, p95 (${r.engine})`,
      value: `${round(r.p95, 1)} ms (p50 ${round(r.p50, 1)} ms; a bare POST ${round(r.floorP50, 1)} ms)`,
      target: `< ${targets.p95Ms} ms`,
      pass: r.p95 < targets.p95Ms,
    },
    {
      label: `Deliveries per second, a burst of ${r.burst} job ends × ${webhooks} webhooks (${r.engine})`,
      value: `${round(r.perSecond, 0)}/s`,
      target: `≥ ${targets.perSecond}/s`,
      pass: r.perSecond >= targets.perSecond,
    },
  ]);
  return { summary, data: results };
}
