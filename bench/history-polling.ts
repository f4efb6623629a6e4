import type { Browser, BrowserContext } from '@playwright/test';
import { launchBrowser, newContext, round } from './support/browser';
import { boardCount } from './support/jobs-board-probe';
import { startCountingProxy, type CountingProxy } from './support/counting-proxy';
import { emulatorKey, emulatorStack, startEmulator } from './support/emulator-process';
import { startServer, warmUp, type BenchServer } from './support/server';
import type { BenchContext, BenchFigure, BenchResult } from './types';

const jobCount = 10;
const viewerCounts = [1, 3, 10];
/** The poller's interval for a running job (pollRules.runningMs in server/history/job-poller.ts). */
const runningIntervalMs = 2_000;
/** An hour: every job runs through the whole measurement. */
const trainingSeconds = 3600;
const target = 1.0;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(60_000) });
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/** Voice trainings through the gateway, as any client would start them. */
async function createJobs(server: BenchServer): Promise<{ id: string; name: string }[]> {
  const list = await json<{ data: { voices: { audio_url: string }[] } }>(
    `${server.url}/api/v1/voice/list?scope=all`,
  );
  // The catalog's previews: real audio, and the gateway's URLs for them reach the emulator.
  const references = list.data.voices.slice(0, 3).map((voice) => voice.audio_url);
  const jobs = [];
  for (let i = 0; i < jobCount; i++) {
    const name = `bench_viewers_${i}`;
    const body = await json<{ data: { task_id: string } }>(`${server.url}/api/v1/training/voice`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name, reference_urls: references }),
    });
    jobs.push({ id: body.data.task_id, name });
  }
  return jobs;
}

/** Running jobs as the gateway's history has them (its poller's latest reading). */
const runningNow = async (server: BenchServer) =>
  (await json<{ total: number }>(`${server.url}/api/history?kind=voice&status=running&limit=1`))
    .total;

async function waitForRunning(server: BenchServer, count: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while ((await runningNow(server)) < count) {
    if (Date.now() > deadline) throw new Error(`fewer than ${count} jobs running in time`);
    await sleep(500);
  }
}

/**
 * One viewer: a fresh context (its own storage and event stream). Most watch the board; every
 * third watches one job's page, which reads that job's readings.
 */
async function openViewer(
  browser: Browser,
  server: BenchServer,
  index: number,
  jobs: { id: string; name: string }[],
): Promise<BrowserContext> {
  const context = await newContext(browser);
  const page = await context.newPage();
  if (index % 3 === 2) {
    const job = jobs[index % jobs.length]!;
    await page.goto(`${server.url}/jobs/${encodeURIComponent(job.id)}`, { timeout: 60_000 });
    await page.getByRole('heading', { name: job.name }).first().waitFor({ timeout: 60_000 });
  } else {
    await page.goto(`${server.url}/jobs`, { timeout: 60_000 });
    await page.waitForFunction(boardCount, jobs.length, { timeout: 60_000, polling: 200 });
  }
  return context;
}

interface Window {
  viewers: number;
  seconds: number;
  calls: number;
  runningJobs: number;
  /** Jobs with at least one call in the window. */
  jobsCalled: number;
  /** Mean over jobs of each one's calls per interval, from the gaps between its calls. */
  perJobPerInterval: number;
  /** calls / (running jobs × window / interval): the plain count, edges included. */
  countPerJobPerInterval: number;
  /** Calls for the job asked most and least often in the window. */
  maxPerJob: number;
  minPerJob: number;
}

async function measureWindow(
  proxy: CountingProxy,
  server: BenchServer,
  viewers: number,
  windowMs: number,
): Promise<Window> {
  const runningBefore = await runningNow(server);
  const from = performance.now();
  await sleep(windowMs);
  const to = performance.now();
  const runningAfter = await runningNow(server);
  const calls = proxy.statusCalls().filter((call) => call.at >= from && call.at < to);
  const perJob = new Map<string, number[]>();
  for (const call of calls) perJob.set(call.taskId, [...(perJob.get(call.taskId) ?? []), call.at]);
  const runningJobs = Math.min(runningBefore, runningAfter);
  const intervals = (runningJobs * (to - from)) / runningIntervalMs;
  // Each job's own rate, from its first to its last call in the window: a window's edges
  // cut polls at random phases, so a plain count may be one call per job over or under.
  const rates = [...perJob.values()]
    .filter((times) => times.length >= 2)
    .map((times) => ((times.length - 1) * runningIntervalMs) / (times.at(-1)! - times[0]!));
  const counts = [...perJob.values()].map((times) => times.length);
  return {
    viewers,
    seconds: round((to - from) / 1000, 2),
    calls: calls.length,
    runningJobs,
    jobsCalled: perJob.size,
    perJobPerInterval: round(
      rates.length > 0 ? rates.reduce((a, b) => a + b, 0) / rates.length : Number.NaN,
      3,
    ),
    countPerJobPerInterval: round(intervals > 0 ? calls.length / intervals : Number.NaN, 3),
    maxPerJob: Math.max(0, ...counts),
    minPerJob: perJob.size < runningJobs ? 0 : Math.min(...counts),
  };
}

/**
 * Upstream status calls per running job per polling interval, with 1, 3 and 10 viewers: the
 * gateway (API_BASE_URL) in front of a standalone emulator, with a counting proxy between
 * them. The gateway's one poller should ask once per job per interval however many watch.
 */
export async function run(ctx: BenchContext): Promise<BenchResult> {
  const windowMs = ctx.quick ? 6_000 : 20_000;
  const emulator = await startEmulator({
    rootDir: ctx.rootDir,
    log: ctx.log,
    // 10 viewers' pages read voices and files too: the limiter is not what is measured.
    env: { EMULATOR_TRAINING_SECONDS: String(trainingSeconds), EMULATOR_RATE_LIMIT: '1000000' },
  });
  let proxy: CountingProxy | null = null;
  let server: BenchServer | null = null;
  let browser: Browser | null = null;
  try {
    proxy = await startCountingProxy(emulator.url);
    server = await startServer({
      rootDir: ctx.rootDir,
      log: ctx.log,
      env: { API_BASE_URL: proxy.url, API_KEY: emulatorKey, STACK_ID: emulatorStack },
    });
    await warmUp(`${server.url}/api/v1/voice/list?scope=all`);
    const jobs = await createJobs(server);
    await waitForRunning(server, jobs.length, 120_000);
    ctx.log(`${jobs.length} voice jobs running`);

    // No viewer: the poller alone, the floor every other window is compared with.
    const windows = [await measureWindow(proxy, server, 0, windowMs)];
    browser = await launchBrowser();
    for (const viewers of viewerCounts) {
      const contexts: BrowserContext[] = [];
      try {
        for (let i = 0; i < viewers; i++) contexts.push(await openViewer(browser, server, i, jobs));
        // Each page's first reads are done; the window sees the steady state.
        await sleep(2_000);
        windows.push(await measureWindow(proxy, server, viewers, windowMs));
      } finally {
        await Promise.all(contexts.map((context) => context.close().catch(() => {})));
      }
      const last = windows.at(-1)!;
      ctx.log(
        `${viewers} viewer(s): ${last.calls} status calls in ${last.seconds} s for ${last.runningJobs} running: ${last.perJobPerInterval} per job per ${runningIntervalMs / 1000} s (${last.countPerJobPerInterval} by count)`,
      );
    }

    const summary: BenchFigure[] = windows.map((w) => ({
      label: `${w.viewers === 0 ? 'No viewer' : `${w.viewers} viewer${w.viewers > 1 ? 's' : ''}`}: upstream status calls per running job per ${runningIntervalMs / 1000} s`,
      value: `${w.perJobPerInterval.toFixed(2)} (${w.calls} calls for ${w.runningJobs} running in ${w.seconds.toFixed(1)} s: ${w.countPerJobPerInterval.toFixed(2)} by count)`,
      ...(w.viewers > 0 && {
        target: `≤ ${target.toFixed(1)}`,
        pass:
          w.perJobPerInterval <= target &&
          w.runningJobs === jobs.length &&
          w.jobsCalled === jobs.length,
      }),
    }));
    return {
      summary,
      data: {
        jobs: jobs.length,
        runningIntervalMs,
        windowMs,
        windows,
        totalStatusCalls: proxy.statusCalls().length,
        forwardedRequests: proxy.forwarded(),
      },
    };
  } finally {
    await browser?.close().catch(() => {});
    await server?.stop();
    await proxy?.close();
    await emulator.stop();
  }
}
