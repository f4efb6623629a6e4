import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { usagePaths, usageQuerySchema, type UsageReport } from '../src/api/contract/usage';
import type { SqlDb } from '../server/db/sql-db';
import { within } from '../server/db/within';
import {
  historySchema,
  openHistoryPostgres,
  openHistorySqlite,
} from '../server/history/history-db';
import { createHistoryStore } from '../server/history/history-store';
import { createTestDatabase, testPostgres } from '../server/test-support/postgres-server';
import { addDays, dayOf } from '../server/usage/calendar';
import { createUsage } from '../server/usage/usage';
import { usageReport } from '../server/usage/usage-report';
import { usageMeasureColumns } from '../server/usage/usage-schema';
import { stats } from './history-list';
import { round } from './support/browser';
import {
  emptySeedReport,
  seededEntries,
  seedHistory,
  type SeedOptions,
  type SeedReport,
} from './support/history-seed';
import { startServer, type BenchServer } from './support/server';
import { startStatusStub, type StatusStub } from './support/status-stub';
import type { BenchContext, BenchFigure, BenchResult } from './types';

/**
 * `GET /api/usage` over a month of 100,000 history entries: the report reads the daily rollup
 * (`usage_days`, kept in each history write's transaction), so it should cost the same however
 * many jobs the month had. Measured through the real gateway on SQLite, and in process on
 * PostgreSQL, sequentially after a warm-up, per kind of query.
 */
export const rows = 100_000;
export const people = 20;
/** Every entry is created within the last 29 days: one 30-day query covers them all. */
export const spreadDays = 29;
export const p95TargetMs = 50;

type Engine = 'sqlite' | 'postgres';

interface QueryKind {
  name: string;
  group_by: 'day' | 'week';
  by: 'person' | 'kind' | 'token';
  /** Whether the requirement names it (by day and by person, by day and by kind). */
  target: boolean;
}
const queryKinds: QueryKind[] = [
  { name: 'by day and person', group_by: 'day', by: 'person', target: true },
  { name: 'by day and kind', group_by: 'day', by: 'kind', target: true },
  { name: 'by week and token', group_by: 'week', by: 'token', target: false },
];

const seedOptions = (count: number): SeedOptions => ({
  count,
  running: 40,
  days: spreadDays,
  people,
});

/** The month the bench asks for: from 29 days ago to today, both included (UTC days). */
function period() {
  const to = dayOf(new Date());
  return { from: addDays(to, -spreadDays), to };
}

const pathOf = (kind: QueryKind, range: { from: string; to: string }) =>
  `${usagePaths.usage}?${new URLSearchParams({ ...range, group_by: kind.group_by, by: kind.by })}`;

/** What one report says, in brief: checked against what was seeded. */
const digest = (report: UsageReport) => ({
  jobs: report.totals.jobs,
  trainingCost: round(report.totals.training_cost, 2),
  runningCost: round(report.totals.running_cost, 2),
  groups: report.groups.length,
  rows: report.rows.length,
});

/** Sends one request (over HTTP or in process) and reads its JSON body, timed to the end. */
type Ask = (path: string) => Promise<{ ms: number; report: UsageReport }>;

async function timed(answer: Promise<Response>, path: string, started: number) {
  const response = await answer;
  const body = (await response.json()) as UsageReport;
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${JSON.stringify(body)}`);
  return { ms, report: body };
}

const overHttp =
  (server: BenchServer): Ask =>
  (path) => {
    const started = performance.now();
    return timed(fetch(`${server.url}${path}`), path, started);
  };

const inProcess =
  (routes: Hono): Ask =>
  (path) => {
    const started = performance.now();
    return timed(Promise.resolve(routes.request(path)), path, started);
  };

/**
 * The three kinds of query in turn, sequentially: `warmUps` unmeasured rounds, then measured
 * rounds, `measured` of them or as many as `budgetMs` allows (at least `minimum`). Every report
 * must count every seeded entry.
 */
async function measure(ask: Ask, expected: number, options: RunSizes) {
  const range = period();
  const paths = queryKinds.map((kind) => pathOf(kind, range));
  const checks = new Map<string, ReturnType<typeof digest>>();
  for (let i = 0; i < options.warmUps; i++)
    for (const [k, path] of paths.entries()) {
      const { report } = await ask(path);
      if (i === 0) checks.set(queryKinds[k]!.name, digest(report));
    }
  for (const [name, check] of checks)
    if (check.jobs !== expected)
      throw new Error(`${name}: the report counts ${check.jobs} jobs, ${expected} were seeded`);
  const times = queryKinds.map((): number[] => []);
  const started = performance.now();
  for (let i = 0; i < options.measured; i++) {
    if (i >= options.minimum && performance.now() - started > options.budgetMs) break;
    for (const [k, path] of paths.entries()) times[k]!.push((await ask(path)).ms);
  }
  return {
    range,
    checks: Object.fromEntries(checks),
    byQuery: queryKinds.map((kind, k) => ({
      query: kind.name,
      path: paths[k]!,
      target: kind.target,
      ...stats(times[k]!),
    })),
  };
}

const median = async (work: () => Promise<unknown>, runs = 5) => {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return round(stats(times).p50, 2);
};

/**
 * Where a report's time goes, in process without HTTP or JSON: its statements one by one, and
 * the whole report (statements and the assembling of rows, groups, tools and voices).
 */
async function breakdownOf(db: SqlDb) {
  const { from, to } = period();
  const query = usageQuerySchema.parse({ from, to, group_by: 'day', by: 'person' });
  return {
    daysByPersonMs: await median(() => db.all(daySql, [from, to])),
    itemsMs: await median(() => db.all(itemsSql, [from, to])),
    items: Number(
      (
        await db.get<{ n: number | string }>(
          'SELECT count(*) AS n FROM usage_items WHERE day >= ? AND day <= ?',
          [from, to],
        )
      )?.n ?? 0,
    ),
    reportByDayAndPersonMs: await median(() => usageReport(db, { query, now: new Date() })),
  };
}

const sums = usageMeasureColumns.map((column) => `SUM(${column}) AS ${column}`).join(', ');
/** The report's statements (usage-report.ts): the day rows by person, and the tools and voices. */
const daySql = `SELECT day, person_id, ${sums} FROM usage_days
  WHERE day >= ? AND day <= ? GROUP BY day, person_id`;
const itemsSql = `SELECT item_type, kind, item, SUM(count) AS count, SUM(units) AS units
  FROM usage_items WHERE day >= ? AND day <= ? GROUP BY item_type, kind, item`;

/** How big the rollup is, and how the report's statements read it. */
async function rollupOf(db: SqlDb, engine: Engine) {
  const { from, to } = period();
  const count = await db.get<{ n: number | string }>('SELECT count(*) AS n FROM usage_days');
  const inRange = await db.get<{ n: number | string }>(
    'SELECT count(*) AS n FROM usage_days WHERE day >= ? AND day <= ?',
    [from, to],
  );
  const planOf = async (sql: string) =>
    engine === 'sqlite'
      ? (await db.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`, [from, to])).map(
          (row) => row.detail,
        )
      : (
          await db.all<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, [from, to])
        ).map((row) => row['QUERY PLAN']);
  return {
    rows: Number(count?.n ?? 0),
    rowsInRange: Number(inRange?.n ?? 0),
    dayQueryPlan: await planOf(daySql),
    itemsQueryPlan: await planOf(itemsSql),
  };
}

/** The seeded history's usage, as the tables have it: it must not be empty. */
async function seededUsage(db: SqlDb) {
  const sums = await db.get<{ jobs: number | string; cost: number | string; people: number }>(
    `SELECT SUM(jobs) AS jobs, SUM(training_cost_micros) AS cost,
       COUNT(DISTINCT person_id) AS people FROM usage_days`,
  );
  const usage = {
    jobs: Number(sums?.jobs ?? 0),
    trainingCost: round(Number(sums?.cost ?? 0) / 1_000_000, 2),
    people: Number(sums?.people ?? 0),
  };
  if (usage.jobs === 0 || usage.trainingCost === 0 || usage.people < 2)
    throw new Error(`the seeded history counted no usage to speak of: ${JSON.stringify(usage)}`);
  return usage;
}

async function onSqlite(ctx: BenchContext, count: number, runs: RunSizes) {
  const dataDir = mkdtempSync(join(tmpdir(), 'media-studio-bench-usage-'));
  let stub: StatusStub | null = null;
  let server: BenchServer | null = null;
  try {
    const seeded = await seedHistory(dataDir, seedOptions(count));
    ctx.log(`sqlite: seeded ${seeded.count} entries in ${seeded.ms} ms`);
    const db = openHistorySqlite(dataDir);
    let rollup: Awaited<ReturnType<typeof rollupOf>>;
    let usage: Awaited<ReturnType<typeof seededUsage>>;
    let breakdown: Awaited<ReturnType<typeof breakdownOf>>;
    try {
      usage = await seededUsage(db);
      rollup = await rollupOf(db, 'sqlite');
      breakdown = await breakdownOf(db);
    } finally {
      await db.close();
    }
    // The running trainings are polled as a real service would answer: steady, no writes.
    stub = await startStatusStub();
    server = await startServer({
      rootDir: ctx.rootDir,
      log: ctx.log,
      dataDir,
      env: { API_BASE_URL: stub.url, API_KEY: 'bench', STACK_ID: 'bench' },
    });
    const measured = await measure(overHttp(server), seeded.count, runs);
    return {
      engine: 'sqlite' as const,
      via: 'HTTP, the gateway process',
      seed: { ...seeded, running: seeded.running.length },
      usage,
      rollup,
      breakdown,
      ...measured,
      statusReadsDuringRun: stub.reads(),
    };
  } finally {
    await server?.stop();
    await stub?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The same history through the store on PostgreSQL: importEntry in one transaction. */
async function seedPostgres(db: SqlDb, options: SeedOptions): Promise<SeedReport> {
  const started = performance.now();
  const report = emptySeedReport();
  await db.transaction(async (tx) => {
    const store = createHistoryStore(within(tx));
    for (const { entry, source } of seededEntries(options, report))
      if ((await store.importEntry(entry, source)) === 'imported') report.count++;
  });
  // As autovacuum would within a minute of a bulk write: the planner knows the tables.
  for (const table of ['usage_days', 'usage_items', 'usage_durations', 'usage_people'])
    await db.run(`VACUUM ANALYZE ${historySchema}.${table}`);
  report.ms = Math.round(performance.now() - started);
  return report;
}

async function onPostgres(ctx: BenchContext, count: number, runs: RunSizes) {
  const server = await testPostgres();
  try {
    const database = await createTestDatabase(server.url, 'ms_bench_usage');
    try {
      const db = await openHistoryPostgres(database.url);
      try {
        const seeded = await seedPostgres(db, seedOptions(count));
        ctx.log(`postgres: seeded ${seeded.count} entries in ${seeded.ms} ms`);
        const usage = await seededUsage(db);
        const rollup = await rollupOf(db, 'postgres');
        const breakdown = await breakdownOf(db);
        const routes = createUsage({ db }).routes;
        const measured = await measure(inProcess(routes), seeded.count, runs);
        return {
          engine: 'postgres' as const,
          via: 'in process (Hono request), the store’s pool',
          seed: { ...seeded, running: seeded.running.length },
          usage,
          rollup,
          breakdown,
          ...measured,
        };
      } finally {
        await db.close();
      }
    } finally {
      await database.drop();
    }
  } finally {
    await server.stop();
  }
}

interface RunSizes {
  warmUps: number;
  /** Rounds of the three queries at most… */
  measured: number;
  /** …and no more once this long has gone by, once `minimum` rounds are in. */
  budgetMs: number;
  minimum: number;
}

export async function run(ctx: BenchContext): Promise<BenchResult> {
  // A quick run seeds fewer entries: a smoke check, its figures not meant to be compared.
  const count = ctx.quick ? 10_000 : rows;
  const runs: RunSizes = ctx.quick
    ? { warmUps: 2, measured: 20, budgetMs: 20_000, minimum: 5 }
    : { warmUps: 5, measured: 200, budgetMs: 90_000, minimum: 20 };
  const results = [await onSqlite(ctx, count, runs), await onPostgres(ctx, count, runs)];
  for (const result of results) {
    ctx.log(
      `${result.engine}: rollup ${result.rollup.rows} rows (${result.rollup.rowsInRange} in the month), usage ${JSON.stringify(result.usage)}, in process ${JSON.stringify(result.breakdown)}`,
    );
    for (const row of result.byQuery)
      ctx.log(`  ${row.query}: p50 ${row.p50} / p95 ${row.p95} / p99 ${row.p99} ms`);
  }

  const entries = count.toLocaleString('en');
  const summary: BenchFigure[] = results.flatMap((result) => [
    {
      label: `Seeding ${entries} entries through the store, usage counted (${result.engine})`,
      value: `${round(result.seed.ms / 1000, 1)} s; usage_days ${result.rollup.rows.toLocaleString('en')} rows`,
    },
    ...result.byQuery.map((row) => ({
      label: `GET /api/usage, ${entries} entries, a month ${row.query} (${result.engine}, ${result.engine === 'sqlite' ? 'HTTP' : 'in process'}): p50 / p95 / p99`,
      value: `${row.p50} / ${row.p95} / ${row.p99} ms (${row.n} requests)`,
      ...(row.target && { target: `p95 ≤ ${p95TargetMs} ms`, pass: row.p95 <= p95TargetMs }),
    })),
    ...(result.byQuery.some((row) => row.target && row.p95 > p95TargetMs)
      ? [
          {
            label: `  Over ${p95TargetMs} ms (${result.engine}): by day and person in process, without HTTP or JSON`,
            value: `${result.breakdown.reportByDayAndPersonMs} ms the report; of it ${result.breakdown.daysByPersonMs} ms reading usage_days, ${result.breakdown.itemsMs} ms reading usage_items (${result.breakdown.items.toLocaleString('en')} rows of tools and voices)`,
          },
        ]
      : []),
  ]);
  return {
    summary,
    data: {
      rows: count,
      people,
      spreadDays,
      warmUps: runs.warmUps,
      engines: results,
    },
  };
}
