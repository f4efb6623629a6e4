import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { historyQuerySchema, type HistoryQuery } from '../src/api/contract/history';
import { openHistorySqlite } from '../server/history/history-db';
import { readPage } from '../server/history/list-page';
import { round } from './support/browser';
import { absentWords, seedHistory, seedWords } from './support/history-seed';
import { startServer, type BenchServer } from './support/server';
import { startStatusStub, type StatusStub } from './support/status-stub';
import type { BenchContext, BenchFigure, BenchResult } from './types';

export const rows = 100_000;
export const pageSize = 50;
export const p95TargetMs = 20;
/** Within the 90-day retention, so the gateway's start prunes nothing. */
export const spreadDays = 85;

/** What a client asks: kinds with the statuses they have, and words to search. */
const kindSets = [
  { kind: 'voice', status: ['completed'] },
  { kind: 'music_lora,video_lora', status: ['failed', 'cancelled'] },
  { kind: 'image,video', status: ['completed'] },
  { kind: 'speech,speech_async,voice_extend', status: ['completed', 'failed'] },
  { kind: 'voice,music_lora,video_lora', status: ['running'] },
] as const;

export type Category =
  | 'kind + status + q (word present)'
  | 'kind + status + q (word absent)'
  | 'kind + status + q, page 2 (cursor)'
  | 'kind + status'
  | 'q alone (word present)'
  | 'kind + status + q of 2 letters';
const categories: Category[] = [
  'kind + status + q (word present)',
  'kind + status + q (word absent)',
  'kind + status + q, page 2 (cursor)',
  'kind + status',
  'q alone (word present)',
  'kind + status + q of 2 letters',
];

function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export const stats = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: round(percentile(sorted, 50), 2),
    p95: round(percentile(sorted, 95), 2),
    p99: round(percentile(sorted, 99), 2),
    max: round(sorted.at(-1) ?? Number.NaN, 2),
  };
};

function queryOf(category: Category, next: () => number): HistoryQuery {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const set = pick(kindSets);
  const base = { kind: set.kind, status: pick(set.status), limit: pageSize };
  switch (category) {
    case 'kind + status':
      return base;
    case 'q alone (word present)':
      return { q: pick(seedWords), limit: pageSize };
    case 'kind + status + q (word absent)':
      return { ...base, q: pick(absentWords) };
    case 'kind + status + q of 2 letters':
      return { ...base, q: pick(seedWords).slice(0, 2) };
    default:
      return { ...base, q: pick(seedWords) };
  }
}

const url = (server: BenchServer, query: HistoryQuery) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) params.set(key, String(value));
  return `${server.url}/api/history?${params}`;
};

/** One GET over loopback, timed to the body's last byte. */
async function timedGet(address: string) {
  const started = performance.now();
  const response = await fetch(address);
  const body = (await response.json()) as { entries?: unknown[]; next_cursor?: string | null };
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`${address}: HTTP ${response.status} ${JSON.stringify(body)}`);
  return { ms, entries: body.entries?.length ?? 0, cursor: body.next_cursor ?? null };
}

/** Runs one request of the category; a page-2 request reads its page 1 first (not timed). */
async function request(server: BenchServer, category: Category, query: HistoryQuery) {
  if (category !== 'kind + status + q, page 2 (cursor)') return timedGet(url(server, query));
  const first = await timedGet(url(server, query));
  if (!first.cursor) return first;
  return timedGet(url(server, { ...query, cursor: first.cursor }));
}

/**
 * The mix of list queries, sequential over loopback: `warmUps` unmeasured, then `measured`
 * cycling through the categories, every run drawing the same queries.
 */
export async function measureQueryMix(
  server: BenchServer,
  options: { warmUps: number; measured: number },
) {
  const next = random(20_260_116);
  for (let i = 0; i < options.warmUps; i++) {
    const category = categories[i % categories.length]!;
    await request(server, category, queryOf(category, next));
  }
  const times = new Map<Category, number[]>(categories.map((c) => [c, []]));
  const slowest: { ms: number; category: Category; query: HistoryQuery }[] = [];
  const hits = new Map<Category, number>();
  for (let i = 0; i < options.measured; i++) {
    const category = categories[i % categories.length]!;
    const query = queryOf(category, next);
    const answer = await request(server, category, query);
    times.get(category)!.push(answer.ms);
    hits.set(category, (hits.get(category) ?? 0) + answer.entries);
    slowest.push({ ms: answer.ms, category, query });
  }
  slowest.sort((a, b) => b.ms - a.ms);
  return {
    all: stats([...times.values()].flat()),
    byCategory: categories.map((category) => ({
      category,
      ...stats(times.get(category)!),
      meanEntries: round(hits.get(category)! / times.get(category)!.length, 1),
    })),
    slowest,
  };
}

/**
 * The store's own page read (page and count) for this query, in process: without HTTP or JSON,
 * how much of a slow request is the database's.
 */
async function inProcess(dataDir: string, query: HistoryQuery) {
  const db = openHistorySqlite(dataDir);
  try {
    const parsed = historyQuerySchema.parse(query);
    const runs: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await readPage(db, parsed);
      runs.push(performance.now() - started);
    }
    runs.sort((a, b) => a - b);
    return { medianMs: round(runs[2]!, 2) };
  } finally {
    await db.close();
  }
}

/**
 * GET /api/history with 100,000 entries: pages of 50, filtered by kind and status and
 * searched, sequential over loopback after a warm-up; p50/p95/p99 overall and per kind of
 * query, with the store's own time for the slowest of each kind.
 */
export async function run(ctx: BenchContext): Promise<BenchResult> {
  const warmUps = ctx.quick ? 30 : 60;
  const measured = ctx.quick ? 120 : 600;
  const dataDir = mkdtempSync(join(tmpdir(), 'media-studio-bench-history-'));
  let stub: StatusStub | null = null;
  let server: BenchServer | null = null;
  try {
    const seeded = await seedHistory(dataDir, { count: rows, running: 40, days: spreadDays });
    const dbBytes = statSync(join(dataDir, 'history.sqlite')).size;
    ctx.log(`seeded ${seeded.count} entries in ${seeded.ms} ms (${JSON.stringify(seeded.byKind)})`);
    // The 40 running jobs are polled as a real service would answer: steady, no writes.
    stub = await startStatusStub();
    server = await startServer({
      rootDir: ctx.rootDir,
      log: ctx.log,
      dataDir,
      env: { API_BASE_URL: stub.url, API_KEY: 'bench', STACK_ID: 'bench' },
    });
    const { all, byCategory, slowest } = await measureQueryMix(server, { warmUps, measured });
    ctx.log(`overall p50 ${all.p50} ms, p95 ${all.p95} ms, p99 ${all.p99} ms (${all.n} requests)`);
    for (const row of byCategory)
      ctx.log(`  ${row.category}: p50 ${row.p50} / p95 ${row.p95} / p99 ${row.p99} ms`);
    // Each kind of query at its slowest, read again in process.
    const explained: Array<{ category: Category; query: HistoryQuery; medianMs: number }> = [];
    for (const category of categories) {
      const query = slowest.find((s) => s.category === category)!.query;
      explained.push({ category, query, ...(await inProcess(dataDir, query)) });
    }
    const pass = all.p95 <= p95TargetMs;

    const summary: BenchFigure[] = [
      {
        label: `GET /api/history, ${rows.toLocaleString('en')} entries, pages of ${pageSize}: p50 / p95 / p99`,
        value: `${all.p50} / ${all.p95} / ${all.p99} ms (${all.n} requests)`,
        target: `p95 ≤ ${p95TargetMs} ms`,
        pass,
      },
      ...byCategory.map((row) => ({
        label: `  ${row.category}: p50 / p95 / p99`,
        value: `${row.p50} / ${row.p95} / ${row.p99} ms`,
      })),
    ];
    for (const row of byCategory) {
      if (row.p95 <= p95TargetMs) continue;
      const { query, medianMs } = explained.find((e) => e.category === row.category)!;
      summary.push({
        label: `  Over ${p95TargetMs} ms: ${row.category}, e.g. ${new URLSearchParams(query as Record<string, string>).toString()}`,
        value: `${medianMs} ms in the store, page and count, without HTTP or JSON`,
      });
    }
    return {
      summary,
      data: {
        rows: seeded.count,
        seed: { ...seeded, running: seeded.running.length },
        dbBytes,
        pageSize,
        warmUps,
        overall: all,
        byCategory,
        slowest: slowest.slice(0, 10).map((s) => ({ ...s, ms: round(s.ms, 2) })),
        storeTimes: explained,
        statusReadsDuringRun: stub.reads(),
      },
    };
  } finally {
    await server?.stop();
    await stub?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
