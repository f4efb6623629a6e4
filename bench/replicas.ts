import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HistoryImportEntry } from '../src/api/contract/history';
import { createTestDatabase, testPostgres } from '../server/test-support/postgres-server';
import { measureQueryMix, p95TargetMs, rows, spreadDays, stats } from './history-list';
import { round } from './support/browser';
import { runningStatusBody, seedHistory } from './support/history-seed';
import { seedHistoryPostgres } from './support/history-seed-postgres';
import { openHistoryStream, type HistoryStream } from './support/history-stream';
import { importEntries, pollerRole, startReplicas, type ReplicaSet } from './support/replica-set';
import { startServer, type BenchServer } from './support/server';
import { startStatusStub, type StatusStub } from './support/status-stub';
import type { BenchContext, BenchFigure, BenchResult } from './types';

const fanOutTargetMs = 250;
/** The poller's interval for a running job (pollRules.runningMs in server/history/job-poller.ts). */
const runningIntervalMs = 2_000;
const pollingTarget = 1.0;
const pollingBand = [0.85, 1.15] as const;
const replicaCounts = [1, 2, 3];
const runningJobs = 20;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
type Log = (line: string) => void;

/** A fresh database on the bench's PostgreSQL server; dropped by `drop`. */
type Database = Awaited<ReturnType<typeof createTestDatabase>>;

/**
 * Runs `work` with what `open` gives, and `close`s it afterwards whatever happened (a close that
 * fails is logged: it must not hide the work's own error).
 */
async function using<T, R>(
  log: Log,
  open: () => Promise<T>,
  close: (value: T) => Promise<void>,
  work: (value: T) => Promise<R>,
): Promise<R> {
  const value = await open();
  try {
    return await work(value);
  } finally {
    await close(value).catch((error: unknown) => log(`clean-up failed: ${String(error)}`));
  }
}

const withDatabase = <R>(log: Log, adminUrl: string, work: (db: Database) => Promise<R>) =>
  using(
    log,
    () => createTestDatabase(adminUrl, 'ms_bench'),
    (db) => db.drop(),
    work,
  );
const withStub = <R>(log: Log, work: (stub: StatusStub) => Promise<R>) =>
  using(log, startStatusStub, (stub) => stub.close(), work);

/** The history-list mix against one gateway: SQLite in a data dir, or a replica on PostgreSQL. */
async function listMix(ctx: BenchContext, server: BenchServer) {
  const mix = await measureQueryMix(server, {
    warmUps: ctx.quick ? 30 : 60,
    measured: ctx.quick ? 120 : 600,
  });
  ctx.log(`  p50 ${mix.all.p50} / p95 ${mix.all.p95} / p99 ${mix.all.p99} ms (${mix.all.n})`);
  return {
    overall: mix.all,
    byCategory: mix.byCategory,
    slowest: mix.slowest.slice(0, 5).map((s) => ({ ...s, ms: round(s.ms, 2) })),
  };
}

const seedOptions = { count: rows, running: 40, days: spreadDays };

async function listOnSqlite(ctx: BenchContext) {
  const dataDir = mkdtempSync(join(tmpdir(), 'media-studio-bench-replicas-'));
  try {
    const seed = await seedHistory(dataDir, seedOptions);
    ctx.log(`SQLite: seeded ${seed.count} entries in ${seed.ms} ms`);
    return await withStub(ctx.log, (stub) =>
      using(
        ctx.log,
        () =>
          startServer({
            rootDir: ctx.rootDir,
            log: ctx.log,
            dataDir,
            env: { API_BASE_URL: stub.url, API_KEY: 'bench', STACK_ID: 'bench' },
          }),
        (server) => server.stop(),
        async (server) => ({ seedMs: seed.ms, ...(await listMix(ctx, server)) }),
      ),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function listOnPostgres(ctx: BenchContext, adminUrl: string) {
  return withDatabase(ctx.log, adminUrl, async (db) => {
    const seed = await seedHistoryPostgres(db.url, seedOptions);
    ctx.log(
      `PostgreSQL: seeded ${seed.count} entries in ${seed.ms} ms (unnest INSERTs, VACUUM ANALYZE)`,
    );
    return withStub(ctx.log, (stub) =>
      using(
        ctx.log,
        () => startReplicas({ ...ctx, databaseUrl: db.url, upstream: stub.url, count: 1 }),
        (set) => set.stop(),
        async (set) => ({ seedMs: seed.ms, ...(await listMix(ctx, set.replicas[0]!)) }),
      ),
    );
  });
}

/** A settled entry (nothing to poll): its upsert is the one event each stream should get. */
function fanOutEntry(run: string, i: number): HistoryImportEntry {
  const at = new Date().toISOString();
  return {
    id: `image_fanout_${run}_${i}`,
    kind: 'image',
    name: `fan-out ${i}`,
    params: { prompt: `fan-out ${i}` },
    created_at: at,
    status: 'completed',
    latest: { status: 'completed' },
    result: null,
    cost: null,
    error: null,
    readings: [{ at, status: 'completed' }],
  };
}

async function waitFor(done: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!done() && Date.now() < deadline) await sleep(50);
  return done();
}

/**
 * Two replicas, `perReplica` streams open on each; one new entry imported every `spacingMs`
 * through each replica in turn, each timed from just before its request to its arrival on
 * every stream.
 */
async function fanOut(ctx: BenchContext, set: ReplicaSet) {
  const perReplica = 100;
  const changes = ctx.quick ? 20 : 60;
  const spacingMs = 100;
  const streams: { replica: number; stream: HistoryStream }[] = [];
  try {
    for (const [replica, server] of set.replicas.entries()) {
      const opened = await Promise.all(
        Array.from({ length: perReplica }, () => openHistoryStream(server.url)),
      );
      streams.push(...opened.map((stream) => ({ replica, stream })));
    }
    await Promise.all(streams.map((s) => s.stream.ready));
    ctx.log(`fan-out: ${streams.length} streams open and ready`);
    const run = Date.now().toString(36);
    const sent = new Map<string, { at: number; replica: number }>();
    const acknowledged: number[] = [];
    const started = performance.now();
    for (let i = 0; i < changes; i++) {
      await sleep(started + i * spacingMs - performance.now());
      const replica = i % set.replicas.length;
      const entry = fanOutEntry(run, i);
      const at = performance.now();
      sent.set(entry.id, { at, replica });
      await importEntries(set.replicas[replica]!, [entry]);
      acknowledged.push(performance.now() - at);
    }
    const expected = streams.length * changes;
    const count = () => streams.reduce((n, s) => n + s.stream.received.size, 0);
    await waitFor(() => count() >= expected, 10_000);
    const all: number[] = [];
    const sameReplica: number[] = [];
    const otherReplica: number[] = [];
    let missing = 0;
    for (const { replica, stream } of streams) {
      for (const [id, write] of sent) {
        const at = stream.received.get(id);
        if (at === undefined) {
          missing++;
          continue;
        }
        const ms = at - write.at;
        all.push(ms);
        (replica === write.replica ? sameReplica : otherReplica).push(ms);
      }
    }
    return {
      streams: streams.length,
      changes,
      spacingMs,
      deliveries: all.length,
      missing,
      overall: stats(all),
      writerReplica: stats(sameReplica),
      otherReplica: stats(otherReplica),
      /** The import's own round trip: the write, before any stream is told. */
      writeAnswered: stats(acknowledged),
    };
  } finally {
    await Promise.all(streams.map((s) => s.stream.close()));
  }
}

async function fanOutOnTwo(ctx: BenchContext, adminUrl: string) {
  return withDatabase(ctx.log, adminUrl, (db) =>
    withStub(ctx.log, (stub) =>
      using(
        ctx.log,
        () => startReplicas({ ...ctx, databaseUrl: db.url, upstream: stub.url, count: 2 }),
        (set) => set.stop(),
        (set) => fanOut(ctx, set),
      ),
    ),
  );
}

/** A voice training the upstream says is running, as seeded: each poll of it writes nothing. */
function runningEntry(run: string, i: number): HistoryImportEntry {
  const id = `voice_polling_${run}_${i}`;
  const at = (offsetS: number) => new Date(Date.now() - 120_000 + offsetS * 1000).toISOString();
  return {
    id,
    kind: 'voice',
    name: `polling_${i}`,
    params: { name: `polling_${i}`, reference_urls: [`https://media.example/refs/${id}.wav`] },
    created_at: at(0),
    status: 'running',
    latest: runningStatusBody(id),
    result: null,
    cost: null,
    error: null,
    readings: [
      { at: at(0), status: 'queued' },
      { at: at(60), status: 'running', progress: 0.5, current_step: 500 },
    ],
  };
}

async function leadersOf(set: ReplicaSet) {
  return Promise.all(set.replicas.map(pollerRole));
}

/**
 * `count` replicas on a fresh database; `runningJobs` running trainings imported through the
 * first; once the stub has been asked about each, its reads over a window, per job per interval.
 */
async function polling(ctx: BenchContext, set: ReplicaSet, stub: StatusStub) {
  const windowMs = ctx.quick ? 6_000 : 20_000;
  const count = set.replicas.length;
  let roles = await leadersOf(set);
  // The lead is taken within the lead's retry interval of the first start.
  for (let tries = 0; roles.filter((r) => r === 'leading').length !== 1 && tries < 60; tries++) {
    await sleep(250);
    roles = await leadersOf(set);
  }
  const run = Date.now().toString(36);
  const entries = Array.from({ length: runningJobs }, (_, i) => runningEntry(run, i));
  await importEntries(set.replicas[0]!, entries);
  const ids = new Set(entries.map((e) => e.id));
  const seen = () =>
    new Set(
      stub
        .calls()
        .filter((c) => ids.has(c.taskId))
        .map((c) => c.taskId),
    );
  if (!(await waitFor(() => seen().size === ids.size, 15_000)))
    throw new Error(`with ${count} replicas, ${seen().size} of ${ids.size} jobs were polled`);
  // A whole interval on, so that the window starts with every job in its steady rhythm.
  await sleep(runningIntervalMs);
  const from = performance.now();
  await sleep(windowMs);
  const to = performance.now();
  roles = await leadersOf(set);
  const calls = stub.calls().filter((c) => ids.has(c.taskId) && c.at >= from && c.at < to);
  const intervals = (runningJobs * (to - from)) / runningIntervalMs;
  const perJob = new Map<string, number[]>();
  for (const call of calls) perJob.set(call.taskId, [...(perJob.get(call.taskId) ?? []), call.at]);
  // Each job's own rate from the gaps between its calls: free of where the window cuts.
  const rates = [...perJob.values()]
    .filter((times) => times.length >= 2)
    .map((times) => ((times.length - 1) * runningIntervalMs) / (times.at(-1)! - times[0]!));
  const ratio = round(calls.length / intervals, 3);
  const leading = roles.flatMap((role, i) => (role === 'leading' ? [i + 1] : []));
  ctx.log(`${count} replica(s): ${calls.length} reads, ${ratio} per job per interval`);
  return {
    replicas: count,
    roles,
    leading,
    seconds: round((to - from) / 1000, 2),
    jobs: runningJobs,
    calls: calls.length,
    ratio,
    gapRate: round(rates.reduce((a, b) => a + b, 0) / Math.max(1, rates.length), 3),
    jobsCalled: perJob.size,
    minPerJob:
      perJob.size < runningJobs ? 0 : Math.min(...[...perJob.values()].map((t) => t.length)),
    maxPerJob: Math.max(0, ...[...perJob.values()].map((t) => t.length)),
  };
}

async function pollingWith(ctx: BenchContext, adminUrl: string, count: number) {
  return withDatabase(ctx.log, adminUrl, (db) =>
    withStub(ctx.log, (stub) =>
      using(
        ctx.log,
        () => startReplicas({ ...ctx, databaseUrl: db.url, upstream: stub.url, count }),
        (set) => set.stop(),
        (set) => polling(ctx, set, stub),
      ),
    ),
  );
}

const triple = (s: { p50: number; p95: number; p99: number }) => `${s.p50} / ${s.p95} / ${s.p99}`;

/**
 * Gateway replicas sharing one PostgreSQL: the history list at 100,000 entries beside SQLite,
 * a change's delivery to 200 event streams across two replicas, and the upstream status calls
 * with one, two and three replicas (one of them polls).
 */
export async function run(ctx: BenchContext): Promise<BenchResult> {
  return using(
    ctx.log,
    testPostgres,
    (postgres) => postgres.stop(),
    async (postgres) => {
      ctx.log('history list: SQLite');
      const sqlite = await listOnSqlite(ctx);
      ctx.log('history list: PostgreSQL');
      const postgresList = await listOnPostgres(ctx, postgres.url);
      ctx.log('event fan-out: 2 replicas');
      const fan = await fanOutOnTwo(ctx, postgres.url);
      ctx.log(
        `  p50 ${fan.overall.p50} / p95 ${fan.overall.p95} / max ${fan.overall.max} ms, ${fan.missing} missing`,
      );
      const polls = [];
      for (const count of replicaCounts) polls.push(await pollingWith(ctx, postgres.url, count));

      const listLabel = `GET /api/history, ${rows.toLocaleString('en')} entries`;
      const summary: BenchFigure[] = [
        {
          label: `${listLabel}, PostgreSQL (1 replica): p50 / p95 / p99`,
          value: `${triple(postgresList.overall)} ms (${postgresList.overall.n} requests)`,
          target: `p95 ≤ ${p95TargetMs} ms`,
          pass: postgresList.overall.p95 <= p95TargetMs,
        },
        {
          label: `${listLabel}, SQLite, same run: p50 / p95 / p99`,
          value: `${triple(sqlite.overall)} ms (${sqlite.overall.n} requests)`,
          target: `p95 ≤ ${p95TargetMs} ms`,
          pass: sqlite.overall.p95 <= p95TargetMs,
        },
        ...postgresList.byCategory.map((row, i) => ({
          label: `  ${row.category}: PostgreSQL | SQLite p50 / p95 / p99`,
          value: `${triple(row)} | ${triple(sqlite.byCategory[i]!)} ms`,
        })),
        {
          label: `Event fan-out, write → delivery, ${fan.streams} streams on 2 replicas, ${fan.changes} changes: p50 / p95 / max`,
          value: `${fan.overall.p50} / ${fan.overall.p95} / ${fan.overall.max} ms (${fan.deliveries} deliveries, ${fan.missing} missing)`,
          target: `p95 ≤ ${fanOutTargetMs} ms, 0 missing`,
          pass: fan.overall.p95 <= fanOutTargetMs && fan.missing === 0,
        },
        {
          label: '  on the replica written to | on the other | the import answered: p95',
          value: `${fan.writerReplica.p95} | ${fan.otherReplica.p95} | ${fan.writeAnswered.p95} ms`,
        },
        ...polls.map((p) => ({
          label: `Upstream status calls per running job per ${runningIntervalMs / 1000} s, ${p.replicas} replica${p.replicas > 1 ? 's' : ''}, ${p.jobs} jobs`,
          value: `${p.ratio} (${p.calls} calls in ${p.seconds} s; from gaps ${p.gapRate}; replica ${p.leading.join(', ') || 'none'} of ${p.replicas} leads)`,
          target: `${pollingTarget.toFixed(1)} (${pollingBand[0]}–${pollingBand[1]})`,
          pass: p.ratio >= pollingBand[0] && p.ratio <= pollingBand[1] && p.leading.length === 1,
        })),
      ];
      return {
        summary,
        data: {
          list: { rows, sqlite, postgres: postgresList },
          fanOut: fan,
          polling: polls,
        },
      };
    },
  );
}
