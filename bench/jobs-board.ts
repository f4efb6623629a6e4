import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, CDPSession, Page } from '@playwright/test';
import { zipSync } from 'fflate';
import { launchBrowser, ms, newContext, round } from './support/browser';
import { startServer, warmUp, type BenchServer } from './support/server';
import type { BenchContext, BenchResult } from './types';

const finishedJobs = 400;
const runningJobs = 100;
/** Seconds a long job runs: an hour, so the 100 stay running through the whole measurement. */
const longJobSeconds = 3600;
/** Heap growth over the run above this fails the target. */
const heapGrowthLimitBytes = 5 * 1024 * 1024;
const terminal = new Set(['completed', 'failed', 'cancelled']);
const statusPath = '/api/v1/training/status/';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

/** Status requests app-wide in flight at once: the constant in src/features/jobs/queries.ts. */
function statusCap(rootDir: string): number {
  const source = readFileSync(join(rootDir, 'src/features/jobs/queries.ts'), 'utf8');
  const match = /statusLimit\s*=\s*createConcurrencyLimit\((\d+)\)/.exec(source);
  if (!match) throw new Error('statusLimit = createConcurrencyLimit(N) not found in queries.ts');
  return Number(match[1]);
}

async function api<T>(server: BenchServer, path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${server.url}/api/v1${path}`, {
    ...init,
    signal: AbortSignal.timeout(60_000),
  });
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/** Runs `task` over `items`, `limit` at a time. */
async function pool<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await task(items[index]!);
      }
    }),
  );
  return results;
}

interface CreatedJob {
  task_id: string;
  name: string;
  created_at: string;
}

/** A music LoRA dataset: a zip holding one spoken voice preview (an mp3 the emulator made). */
async function uploadDataset(server: BenchServer): Promise<string> {
  const list = await api<{ data: { voices: { audio_url: string }[] } }>(
    server,
    '/voice/list?scope=all',
  );
  const audioUrl = list.data.voices[0]?.audio_url;
  if (!audioUrl) throw new Error('the catalog has no voice preview');
  const audio = await fetch(new URL(audioUrl, server.url)).then((r) => r.arrayBuffer());
  const zip = zipSync({ 'track-01.mp3': new Uint8Array(audio) });
  const form = new FormData();
  form.set('purpose', 'general');
  form.set('file', new Blob([zip], { type: 'application/zip' }), 'bench-dataset.zip');
  const uploaded = await api<{ data: { file_id: string } }>(server, '/files/upload', {
    method: 'POST',
    body: form,
  });
  return uploaded.data.file_id;
}

async function createJobs(server: BenchServer, dataset: string, prefix: string, count: number) {
  const names = Array.from({ length: count }, (_, i) => `${prefix}_${i}`);
  return pool(names, 8, async (name): Promise<CreatedJob> => {
    const created_at = new Date().toISOString();
    const body = await api<{ data: { task_id: string } }>(server, '/training/lora/music', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ dataset, name }),
    });
    return { task_id: body.data.task_id, name, created_at };
  });
}

/** Polls (from Node) until every job's status satisfies `done`; returns the statuses. */
async function waitForJobs(
  server: BenchServer,
  jobs: CreatedJob[],
  done: (status: string) => boolean,
  timeoutMs: number,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const statuses = await pool(jobs, 8, async (job) => {
      const body = await api<{ data: { status: string; inputs_summary?: unknown } }>(
        server,
        `/training/status/${job.task_id}`,
      );
      return body.data.status;
    });
    if (statuses.every(done)) return statuses;
    if (Date.now() > deadline) {
      const counts: Record<string, number> = {};
      for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
      throw new Error(`jobs not settled in ${timeoutMs} ms: ${JSON.stringify(counts)}`);
    }
    await sleep(1000);
  }
}

/**
 * In the page before the app: wraps fetch to see every status request as the app makes it:
 * in flight now and at most, per-second counts, and any request for a task whose previous
 * answer was already terminal. Also keeps long tasks.
 */
const pageProbe = `(() => {
  const terminal = new Set(${JSON.stringify([...terminal])});
  const p = (window.__jobs = {
    inFlight: 0, maxInFlight: 0, requests: 0, responses: 0, failures: 0,
    terminalRequests: [], lastStatus: {}, polled: {}, longTasks: [],
  });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) p.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  const original = window.fetch;
  window.fetch = function (input, init) {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const at = url.indexOf(${JSON.stringify(statusPath)});
    if (at < 0) return original.apply(this, arguments);
    const taskId = decodeURIComponent(url.slice(at + ${statusPath.length}).split(/[?#]/)[0]);
    if (terminal.has(p.lastStatus[taskId])) p.terminalRequests.push({ taskId, status: p.lastStatus[taskId], at: performance.now() });
    p.requests++;
    p.polled[taskId] = (p.polled[taskId] || 0) + 1;
    p.inFlight++;
    p.maxInFlight = Math.max(p.maxInFlight, p.inFlight);
    let settled = false;
    const settle = () => { if (!settled) { settled = true; p.inFlight--; } };
    return original.apply(this, arguments).then(
      (response) => {
        p.responses++;
        // In flight until the body is read: that is when the app's limit frees its slot.
        return response.clone().json().then(
          (body) => { const s = body && body.data && body.data.status; if (s) p.lastStatus[taskId] = s; settle(); return response; },
          () => { settle(); return response; },
        );
      },
      (error) => { p.failures++; settle(); throw error; },
    );
  };
})();`;

interface PageStats {
  requests: number;
  responses: number;
  failures: number;
  inFlight: number;
  maxInFlight: number;
  terminalRequests: { taskId: string; status: string; at: number }[];
  polledTasks: number;
  running: number;
  statusCounts: Record<string, number>;
  longTaskMs: number;
}

const pageStats = (page: Page) =>
  page.evaluate((): PageStats => {
    type Probe = {
      requests: number;
      responses: number;
      failures: number;
      inFlight: number;
      maxInFlight: number;
      terminalRequests: { taskId: string; status: string; at: number }[];
      lastStatus: Record<string, string>;
      polled: Record<string, number>;
      longTasks: { start: number; duration: number }[];
    };
    const p = (window as unknown as { __jobs: Probe }).__jobs;
    const statusCounts: Record<string, number> = {};
    for (const s of Object.values(p.lastStatus)) statusCounts[s] = (statusCounts[s] ?? 0) + 1;
    return {
      requests: p.requests,
      responses: p.responses,
      failures: p.failures,
      inFlight: p.inFlight,
      maxInFlight: p.maxInFlight,
      terminalRequests: p.terminalRequests.slice(0, 20),
      polledTasks: Object.keys(p.polled).length,
      running: statusCounts.running ?? 0,
      statusCounts,
      longTaskMs: p.longTasks.reduce((sum, t) => sum + t.duration, 0),
    };
  });

async function metrics(cdp: CDPSession) {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  const get = (name: string) => list.find((m) => m.name === name)?.value ?? 0;
  return { taskDurationS: get('TaskDuration'), heapUsed: get('JSHeapUsedSize') };
}

async function heapAfterGc(cdp: CDPSession) {
  await cdp.send('HeapProfiler.collectGarbage');
  await sleep(200);
  await cdp.send('HeapProfiler.collectGarbage');
  return (await metrics(cdp)).heapUsed;
}

/** Writes tracked jobs the way src/lib/tracked-jobs.ts (idb-keyval) stores them. */
async function seedTrackedJobs(page: Page, jobs: object[]) {
  await page.evaluate(
    (records) =>
      new Promise<void>((done, fail) => {
        const open = indexedDB.open('media-studio-jobs');
        open.onupgradeneeded = () => open.result.createObjectStore('tracked-jobs');
        open.onerror = () => fail(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('tracked-jobs', 'readwrite');
          const store = tx.objectStore('tracked-jobs');
          for (const record of records) store.put(record, (record as { task_id: string }).task_id);
          tx.oncomplete = () => {
            db.close();
            done();
          };
          tx.onerror = () => fail(tx.error);
        };
      }),
    jobs,
  );
}

/**
 * 500 tracked jobs on /jobs in direct mode, 100 of them running: how the board polls them (rate, requests for
 * finished jobs, requests in flight vs the cap), how busy the main thread is, and whether the
 * JS heap grows. The jobs are real emulator jobs, made in two phases of one data dir because
 * EMULATOR_TRAINING_SECONDS is global: 400 music LoRA jobs of 1 s (finished before the board
 * opens), then, after a restart, 100 of an hour.
 */
export async function run(ctx: BenchContext): Promise<BenchResult> {
  const windowMs = ctx.quick ? 15_000 : 60_000;
  const heapAfterMs = ctx.quick ? 30_000 : 5 * 60_000;
  const cap = statusCap(ctx.rootDir);
  const dataDir = mkdtempSync(join(tmpdir(), 'media-studio-bench-jobs-'));
  // 100 running jobs at one poll per 2 s is 3,000 status reads a minute: above the emulator's
  // default 600/min per key, which would only measure the rate limiter.
  const env = { EMULATOR_RATE_LIMIT: '1000000' };
  let server: BenchServer | null = null;
  let browser: Browser | null = null;
  try {
    // Phase 1: 400 short jobs, all finished.
    server = await startServer({
      rootDir: ctx.rootDir,
      log: ctx.log,
      dataDir,
      env: { ...env, EMULATOR_TRAINING_SECONDS: '1' },
    });
    const warm = await warmUp(`${server.url}/api/v1/voice/list?scope=all`);
    ctx.log(`warm-up: first voice list took ${Math.round(warm)} ms`);
    const dataset = await uploadDataset(server);
    const done = await createJobs(server, dataset, 'bench_done', finishedJobs);
    const doneStatuses = await waitForJobs(server, done, (s) => terminal.has(s), 300_000);
    ctx.log(
      `${done.length} short jobs settled: ${doneStatuses.filter((s) => s === 'completed').length} completed`,
    );
    await server.stop();

    // Phase 2: same data dir, 100 long jobs, running.
    server = await startServer({
      rootDir: ctx.rootDir,
      log: ctx.log,
      dataDir,
      env: { ...env, EMULATOR_TRAINING_SECONDS: String(longJobSeconds) },
    });
    const long = await createJobs(server, dataset, 'bench_running', runningJobs);
    await waitForJobs(server, long, (s) => s === 'running', 120_000);
    ctx.log(`${long.length} long jobs running`);

    browser = await launchBrowser();
    const context = await newContext(browser);
    await context.addInitScript(pageProbe);
    const page = await context.newPage();
    // Same origin, without the app: the store is written before the app reads it.
    await page.goto(`${server.url}/favicon.svg`);
    // What the app writes when it creates a job (training/queries.ts track()): no snapshots
    // yet, so the board's first poll of each is what tells it the job finished.
    const records = [...done, ...long].map((job) => ({
      task_id: job.task_id,
      kind: 'music_lora',
      name: job.name,
      created_at: job.created_at,
      snapshots: [],
    }));
    await seedTrackedJobs(page, records);
    // Direct mode, where the browser keeps and polls its own jobs: what this module measures.
    // In gateway mode the gateway's one poller does it for every viewer (history-polling).
    await page.evaluate(
      (url) =>
        localStorage.setItem(
          'media-studio.connection',
          JSON.stringify({ mode: 'direct', baseUrl: url, apiKey: 'local-dev-key' }),
        ),
      server.url,
    );

    // Playwright's own view of the same requests, as a cross-check of the page's count.
    let wireInFlight = 0;
    let wireMax = 0;
    const isStatus = (url: string) => url.includes(statusPath);
    page.on('request', (r) => {
      if (!isStatus(r.url())) return;
      wireInFlight++;
      wireMax = Math.max(wireMax, wireInFlight);
    });
    const finished = (r: { url: () => string }) => {
      if (isStatus(r.url())) wireInFlight--;
    };
    page.on('requestfinished', finished);
    page.on('requestfailed', finished);

    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const opened = performance.now();
    await page.goto(`${server.url}/jobs`, { waitUntil: 'load' });
    await page.waitForFunction(
      (total) => {
        const p = (window as unknown as { __jobs: { lastStatus: Record<string, string> } }).__jobs;
        return Object.keys(p.lastStatus).length >= total;
      },
      records.length,
      { timeout: 180_000, polling: 500 },
    );
    const firstRoundMs = performance.now() - opened;
    const afterFirst = await pageStats(page);
    ctx.log(
      `every job polled once in ${ms(firstRoundMs)}: ${JSON.stringify(afterFirst.statusCounts)}`,
    );
    await sleep(3_000);

    // The measurement window: steady polling of the running jobs.
    const heapStart = await heapAfterGc(cdp);
    const startedAt = performance.now();
    const before = await pageStats(page);
    const metricsBefore = await metrics(cdp);
    const perSecond: number[] = [];
    let last = before.requests;
    let maxRunning = before.running;
    while (performance.now() - startedAt < windowMs) {
      await sleep(1000);
      const now = await pageStats(page);
      perSecond.push(now.requests - last);
      last = now.requests;
      maxRunning = Math.max(maxRunning, now.running);
    }
    const windowS = (performance.now() - startedAt) / 1000;
    const after = await pageStats(page);
    const metricsAfter = await metrics(cdp);
    const rate = (after.requests - before.requests) / windowS;
    const expectedRate = after.running / 2; // pollMs.running = 2 s
    const busyShare = (metricsAfter.taskDurationS - metricsBefore.taskDurationS) / windowS;
    const longTaskShare = (after.longTaskMs - before.longTaskMs) / 1000 / windowS;
    ctx.log(
      `window ${windowS.toFixed(1)} s: ${rate.toFixed(1)} status req/s for ${after.running} running (expected ≤ ${expectedRate}), busy ${(busyShare * 100).toFixed(0)}%`,
    );

    const remaining = heapAfterMs - (performance.now() - startedAt);
    if (remaining > 0) await sleep(remaining);
    const heapEnd = await heapAfterGc(cdp);
    const heapSpanS = (performance.now() - startedAt) / 1000;
    const final = await pageStats(page);
    const growth = heapEnd - heapStart;
    const maxSeen = Math.max(final.maxInFlight, wireMax);
    ctx.log(`heap ${mb(heapStart)} → ${mb(heapEnd)} over ${heapSpanS.toFixed(0)} s`);
    await context.close();

    return {
      summary: [
        {
          label: `Jobs board (${records.length} tracked, ${after.running} running): status requests/s`,
          value: `${rate.toFixed(1)} (≤ ${expectedRate} expected: running / 2 s)`,
        },
        {
          label: 'Jobs board: requests for a job already terminal',
          value: String(final.terminalRequests.length),
          target: '0',
          pass: final.terminalRequests.length === 0,
        },
        {
          label: 'Jobs board: max status requests in flight',
          value: `${final.maxInFlight} in page, ${wireMax} on the wire`,
          target: `≤ ${cap} (statusLimit)`,
          pass: maxSeen <= cap,
        },
        {
          label: 'Jobs board: main-thread busy share (TaskDuration)',
          value: `${(busyShare * 100).toFixed(1)}%`,
        },
        {
          label: `Jobs board: JS heap after GC, growth over ${Math.round(heapSpanS)} s`,
          value: `${mb(heapStart)} → ${mb(heapEnd)} (${growth >= 0 ? '+' : ''}${mb(growth)})`,
          target: `< ${mb(heapGrowthLimitBytes)}`,
          pass: growth < heapGrowthLimitBytes,
        },
      ],
      data: {
        tracked: records.length,
        finishedJobs: done.length,
        runningJobs: long.length,
        longJobSeconds,
        cap,
        firstRoundMs: round(firstRoundMs),
        afterFirstRound: afterFirst,
        window: {
          seconds: round(windowS),
          requests: after.requests - before.requests,
          perSecond: rate,
          perSecondSeries: perSecond,
          runningAtEnd: after.running,
          maxRunning,
          expectedPerSecond: expectedRate,
          busyShare: round(busyShare, 3),
          longTaskShare: round(longTaskShare, 3),
        },
        inFlight: { pageMax: final.maxInFlight, wireMax },
        terminalRequests: final.terminalRequests,
        heap: {
          startBytes: heapStart,
          endBytes: heapEnd,
          growthBytes: growth,
          spanSeconds: round(heapSpanS),
        },
        totals: {
          requests: final.requests,
          responses: final.responses,
          failures: final.failures,
          statusCounts: final.statusCounts,
        },
      },
    };
  } finally {
    await browser?.close().catch(() => {});
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
