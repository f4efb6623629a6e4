import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { launchBrowser, median, ms, newContext, round } from './support/browser';
import { seedHistory } from './support/history-seed';
import { jobsBoardProbeScript } from './support/jobs-board-probe';
import { startServer, type BenchServer } from './support/server';
import { startStatusStub, type StatusStub } from './support/status-stub';
import type { BenchContext, BenchResult } from './types';

const entries = 10_000;
/** The same page with a handful of jobs: the yardstick the 10,000 are compared with. */
const referenceEntries = 10;
const running = 50;
const longTaskMs = 50;

interface Probe {
  longTasks: { start: number; duration: number }[];
  firstCard: number | null;
  allLoaded: number | null;
}

interface RenderRun {
  /** Navigation start → first job card painted. */
  navigationToCardMs: number;
  /**
   * The board's first history page, its last byte → first card painted: the page's own
   * document when the gateway drew it with that history in it, else its /api/history read.
   */
  responseToCardMs: number;
  firstPageResponseEndMs: number;
  /** Navigation start → every column's count adds up to all the jobs (every page read). */
  navigationToAllMs: number;
  historyRequests: number;
  /** Long tasks from navigation to all pages read. */
  longTasks: number[];
  domNodes: number;
}

async function openBoard(browser: Browser, server: BenchServer, total: number) {
  const context = await newContext(browser);
  await context.addInitScript(`window.__boardTotal = ${total};`);
  await context.addInitScript(jobsBoardProbeScript);
  const page = await context.newPage();
  await page.goto(`${server.url}/jobs`, { waitUntil: 'load', timeout: 60_000 });
  await page.waitForFunction(
    () => {
      const board = (window as unknown as { __board: Probe }).__board;
      return (board.firstCard ?? -1) > 0 && (board.allLoaded ?? -1) > 0;
    },
    null,
    { timeout: 180_000, polling: 100 },
  );
  await page.waitForTimeout(300);
  const timing = await page.evaluate(() => {
    const board = (window as unknown as { __board: Probe }).__board;
    const pages = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
      (e) => e.name.includes('/api/history?') && e.name.includes('limit=200'),
    );
    const first = pages.find((e) => !e.name.includes('cursor='));
    // The gateway draws the jobs page with the history's first page in it (server/live-pages),
    // and the app reads it from there: then no read of it started before the first card, and
    // that page's response is the document's.
    const document_ = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const carried = first === undefined || first.startTime > board.firstCard!;
    return {
      firstCard: board.firstCard!,
      allLoaded: board.allLoaded!,
      responseEnd: carried ? document_.responseEnd : (first?.responseEnd ?? Number.NaN),
      historyRequests: pages.length,
      longTasks: board.longTasks
        .filter((t) => t.start < board.allLoaded!)
        .map((t) => Math.round(t.duration)),
      domNodes: document.getElementsByTagName('*').length,
    };
  });
  const run: RenderRun = {
    navigationToCardMs: round(timing.firstCard),
    responseToCardMs: round(timing.firstCard - timing.responseEnd),
    firstPageResponseEndMs: round(timing.responseEnd),
    navigationToAllMs: round(timing.allLoaded),
    historyRequests: timing.historyRequests,
    longTasks: timing.longTasks,
    domNodes: timing.domNodes,
  };
  return { context, page, run };
}

/** Scrolls the window `step` px a frame, up to `maxFrames` or the bottom; long tasks meanwhile. */
const scrollBoard = (page: Page, step: number, maxFrames: number) =>
  page.evaluate(
    async ({ step, maxFrames }) => {
      const frame = () => new Promise<number>((done) => requestAnimationFrame(done));
      const board = (window as unknown as { __board: Probe }).__board;
      const firstTask = board.longTasks.length;
      const started = performance.now();
      let frames = 0;
      let worstFrame = 0;
      let last = await frame();
      while (frames < maxFrames) {
        const before = window.scrollY;
        window.scrollBy(0, step);
        const now = await frame();
        worstFrame = Math.max(worstFrame, now - last);
        last = now;
        frames++;
        if (window.scrollY === before) break;
      }
      await new Promise((done) => setTimeout(done, 300));
      return {
        frames,
        durationMs: performance.now() - started,
        worstFrameMs: worstFrame,
        scrolledPx: window.scrollY,
        domNodes: document.getElementsByTagName('*').length,
        longTasks: board.longTasks.slice(firstTask).map((t) => Math.round(t.duration)),
      };
    },
    { step, maxFrames },
  );

/** Seeds `count` training entries into a fresh data dir and serves it (running jobs stay so). */
async function boardServer(ctx: BenchContext, count: number, stub: StatusStub) {
  const dataDir = mkdtempSync(join(tmpdir(), 'media-studio-bench-board-'));
  const seeded = await seedHistory(dataDir, {
    count,
    kinds: ['voice', 'music_lora', 'video_lora'],
    running: Math.min(running, Math.ceil(count / 5)),
    days: 85,
  });
  ctx.log(`seeded ${seeded.count} training entries in ${seeded.ms} ms`);
  const server = await startServer({
    rootDir: ctx.rootDir,
    log: ctx.log,
    dataDir,
    env: { API_BASE_URL: stub.url, API_KEY: 'bench', STACK_ID: 'bench' },
  });
  return {
    server,
    seeded,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function renders(ctx: BenchContext, browser: Browser, server: BenchServer, total: number) {
  // One unmeasured open: the server's first reads and the browser's first compile.
  await (await openBoard(browser, server, total)).context.close();
  const runs: RenderRun[] = [];
  for (let i = 0; i < (ctx.quick ? 1 : 5); i++) {
    const opened = await openBoard(browser, server, total);
    runs.push(opened.run);
    await opened.context.close();
    ctx.log(
      `${total} jobs, render ${i + 1}: navigation → card ${ms(opened.run.navigationToCardMs)}, response → card ${ms(opened.run.responseToCardMs)}, all ${ms(opened.run.navigationToAllMs)} (${opened.run.historyRequests} pages), ${opened.run.domNodes} nodes`,
    );
  }
  return runs;
}

/**
 * The jobs board (gateway mode) with 10,000 training entries in the gateway's history: time to
 * the first job card and to every page read, median of 5 fresh contexts; DOM size; long tasks
 * while scrolling. Compared with the same board holding 10 jobs, measured alike.
 */
export async function run(ctx: BenchContext): Promise<BenchResult> {
  const stub = await startStatusStub();
  let browser: Browser | null = null;
  try {
    browser = await launchBrowser();
    const small = await boardServer(ctx, referenceEntries, stub);
    let reference: RenderRun[];
    try {
      reference = await renders(ctx, browser, small.server, referenceEntries);
    } finally {
      await small.stop();
    }
    const large = await boardServer(ctx, entries, stub);
    try {
      const runs = await renders(ctx, browser, large.server, entries);
      const opened = await openBoard(browser, large.server, entries);
      const scroll = await scrollBoard(opened.page, 600, ctx.quick ? 300 : 1500);
      await opened.context.close();
      const long = scroll.longTasks.filter((t) => t > longTaskMs);
      ctx.log(
        `scroll: ${scroll.frames} frames, ${scroll.scrolledPx} px in ${ms(scroll.durationMs)}, ${long.length} long tasks, worst frame ${ms(scroll.worstFrameMs)}, ${scroll.domNodes} nodes`,
      );
      const card = median(runs.map((r) => r.navigationToCardMs));
      const refCard = median(reference.map((r) => r.navigationToCardMs));
      const responseToCard = median(runs.map((r) => r.responseToCardMs));
      const all = median(runs.map((r) => r.navigationToAllMs));
      const loadLong = runs.map((r) => r.longTasks.filter((t) => t > longTaskMs));
      const nodes = median(runs.map((r) => r.domNodes));
      return {
        summary: [
          {
            label: '10k jobs board: navigation start → first job card painted (median)',
            value: `${ms(card)} (${(card / refCard).toFixed(2)}× the ${referenceEntries}-job board's ${ms(refCard)})`,
          },
          {
            label: '10k jobs board: first history page response end → first card painted',
            value: ms(responseToCard),
          },
          {
            label: '10k jobs board: navigation start → all 10,000 read (50 pages of 200)',
            value: ms(all),
          },
          {
            label: `10k jobs board: long tasks (> ${longTaskMs} ms) until all read, per render`,
            value: `${median(loadLong.map((l) => l.length))} (longest ${Math.max(0, ...runs.flatMap((r) => r.longTasks))} ms)`,
          },
          {
            label: '10k jobs board: DOM nodes, all read → after scrolling',
            value: `${nodes} → ${scroll.domNodes}`,
          },
          {
            label: `10k jobs board: long tasks (> ${longTaskMs} ms) scrolling 600 px a frame`,
            value: `${long.length} (longest ${Math.max(0, ...scroll.longTasks)} ms, ${scroll.frames} frames, ${Math.round(scroll.scrolledPx).toLocaleString('en')} px)`,
          },
        ],
        data: {
          entries: large.seeded.count,
          byStatus: large.seeded.byStatus,
          byKind: large.seeded.byKind,
          viewport: '1280x720',
          median: {
            navigationToCardMs: card,
            responseToCardMs: responseToCard,
            navigationToAllMs: all,
            referenceNavigationToCardMs: refCard,
            ratioToReference: round(card / refCard, 2),
          },
          renders: runs,
          reference: { entries: referenceEntries, renders: reference },
          scroll: { stepPx: 600, ...scroll, durationMs: round(scroll.durationMs) },
          statusReads: stub.reads(),
        },
      };
    } finally {
      await large.stop();
    }
  } finally {
    await browser?.close().catch(() => {});
    await stub.close();
  }
}
