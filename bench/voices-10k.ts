import type { Browser, Page } from '@playwright/test';
import { launchBrowser, median, ms, newContext, round, voiceProbeScript } from './support/browser';
import { startServer, warmUp, type BenchServer } from './support/server';
import type { BenchContext, BenchResult } from './types';

const voiceCount = 10_000;
/** Target for the list's first render, measured from the catalog response's end. */
const firstRenderTargetMs = 150;
const longTaskMs = 50;

interface Probe {
  longTasks: { start: number; duration: number }[];
  firstCard: number | null;
  firstCardInDom: number | null;
}

interface RenderRun {
  /** Navigation start → first card painted. */
  navigationToCardMs: number;
  /** The catalog response's last byte → first card painted. */
  responseToCardMs: number;
  responseEndMs: number;
  responseBytes: number;
  /** Long tasks between the response's end and the first card. */
  longTasksAfterResponse: number[];
  domNodes: number;
  cards: number;
}

const domCounts = (page: Page) =>
  page.evaluate(() => ({
    domNodes: document.getElementsByTagName('*').length,
    cards: document.querySelectorAll('[role="list"][aria-label="Voices"] article').length,
    lastPosition: Math.max(
      0,
      ...[...document.querySelectorAll('[role="list"][aria-label="Voices"] [role="listitem"]')].map(
        (item) => Number(item.getAttribute('aria-posinset')),
      ),
    ),
  }));

async function openVoices(browser: Browser, server: BenchServer) {
  const context = await newContext(browser);
  await context.addInitScript(voiceProbeScript);
  const page = await context.newPage();
  await page.goto(`${server.url}/voices`, { waitUntil: 'load', timeout: 60_000 });
  await page.waitForFunction(
    () => (window as unknown as { __bench: Probe }).__bench.firstCard !== null,
    null,
    { timeout: 60_000 },
  );
  // Let the virtualizer measure its rows and settle before counting.
  await page.waitForTimeout(500);
  const timing = await page.evaluate(() => {
    const bench = (window as unknown as { __bench: Probe }).__bench;
    const list = performance
      .getEntriesByType('resource')
      .filter((e) => e.name.includes('/api/v1/voice/list')) as PerformanceResourceTiming[];
    const responseEnd = Math.max(...list.map((e) => e.responseEnd));
    return {
      firstCard: bench.firstCard!,
      responseEnd,
      responseBytes: list.reduce((sum, e) => sum + e.encodedBodySize, 0),
      longTasks: bench.longTasks
        .filter((t) => t.start + t.duration > responseEnd && t.start < bench.firstCard!)
        .map((t) => Math.round(t.duration)),
    };
  });
  const counts = await domCounts(page);
  const result: RenderRun = {
    navigationToCardMs: timing.firstCard,
    responseToCardMs: timing.firstCard - timing.responseEnd,
    responseEndMs: timing.responseEnd,
    responseBytes: timing.responseBytes,
    longTasksAfterResponse: timing.longTasks,
    domNodes: counts.domNodes,
    cards: counts.cards,
  };
  return { context, page, result };
}

/**
 * Scrolls the window down `step` px per animation frame, until the page stops growing at the
 * bottom (row heights are measured as rows render, so the total changes) or after `maxFrames`.
 */
async function scrollDown(page: Page, step: number, maxFrames = 20_000) {
  return page.evaluate(
    async ({ step, maxFrames }) => {
      const frame = () => new Promise<number>((done) => requestAnimationFrame(done));
      const bench = (window as unknown as { __bench: Probe }).__bench;
      const started = performance.now();
      const firstTask = bench.longTasks.length;
      let frames = 0;
      let worstFrame = 0;
      let last = await frame();
      let stable = 0;
      while (stable < 10 && frames < maxFrames) {
        const before = window.scrollY;
        window.scrollBy(0, step);
        const now = await frame();
        worstFrame = Math.max(worstFrame, now - last);
        last = now;
        frames++;
        const atBottom =
          window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
        stable = atBottom && window.scrollY === before ? stable + 1 : 0;
      }
      // Long tasks are reported a little after they end.
      await new Promise((done) => setTimeout(done, 300));
      return {
        durationMs: performance.now() - started,
        frames,
        worstFrameMs: worstFrame,
        scrollHeight: document.documentElement.scrollHeight,
        longTasks: bench.longTasks.slice(firstTask).map((t) => ({
          atMs: Math.round(t.start - started),
          durationMs: Math.round(t.duration),
        })),
      };
    },
    { step, maxFrames },
  );
}

/** Long tasks of a scroll, longest first. */
const longTasksOf = (scroll: Awaited<ReturnType<typeof scrollDown>>) =>
  scroll.longTasks
    .filter((t) => t.durationMs > longTaskMs)
    .sort((a, b) => b.durationMs - a.durationMs);

/**
 * The voice catalog at 10,000 voices (EMULATOR_VOICES): time to the list's first render,
 * DOM size (virtualization), and long tasks while scrolling the whole list.
 */
export async function run(ctx: BenchContext): Promise<BenchResult> {
  const renders = ctx.quick ? 1 : 5;
  // px per frame: a fast wheel in a full run, fling-sized jumps in a quick one. Rows mounted at
  // these speeds show skeleton cards until the scroll slows down.
  const step = ctx.quick ? 1800 : 600;
  // A speed at which cards can be read, so rows mount whole cards as they come into view.
  const readableStep = 100;
  const readableFrames = ctx.quick ? 200 : 1200;
  const server = await startServer({
    rootDir: ctx.rootDir,
    log: ctx.log,
    env: { EMULATOR_VOICES: String(voiceCount) },
  });
  let browser: Browser | null = null;
  try {
    const warm = await warmUp(`${server.url}/api/v1/voice/list?scope=all`, 600_000);
    ctx.log(`warm-up: first voice list took ${Math.round(warm)} ms`);
    browser = await launchBrowser();
    await (await openVoices(browser, server)).context.close();

    const runs: RenderRun[] = [];
    for (let i = 0; i < renders; i++) {
      const opened = await openVoices(browser, server);
      runs.push(opened.result);
      ctx.log(
        `render ${i + 1}: navigation → card ${ms(opened.result.navigationToCardMs)}, response → card ${ms(opened.result.responseToCardMs)}, ${opened.result.cards} cards, ${opened.result.domNodes} DOM nodes`,
      );
      if (i < renders - 1) await opened.context.close();
      else {
        const readable = await scrollDown(opened.page, readableStep, readableFrames);
        const readableLong = longTasksOf(readable);
        ctx.log(
          `readable scroll: ${readable.frames} frames of ${readableStep} px in ${ms(readable.durationMs)}, ${readableLong.length} long tasks, worst frame ${ms(readable.worstFrameMs)}`,
        );
        await opened.page.evaluate(() => window.scrollTo(0, 0));
        await opened.page.waitForTimeout(1000);
        const scroll = await scrollDown(opened.page, step);
        const bottom = await domCounts(opened.page);
        await opened.context.close();
        const responseToCard = median(runs.map((r) => r.responseToCardMs));
        const navigationToCard = median(runs.map((r) => r.navigationToCardMs));
        const longScrollTasks = longTasksOf(scroll);
        const last = runs.at(-1)!;
        const renderPass = responseToCard <= firstRenderTargetMs;
        const scrollPass = longScrollTasks.length === 0 && bottom.lastPosition === voiceCount;
        const readablePass = readableLong.length === 0;
        ctx.log(
          `scroll: ${scroll.frames} frames in ${ms(scroll.durationMs)}, ${longScrollTasks.length} long tasks, worst frame ${ms(scroll.worstFrameMs)}, bottom ${bottom.cards} cards / ${bottom.domNodes} nodes`,
        );
        return {
          summary: [
            {
              label: '10k voices: first render, catalog response end → first card painted',
              value: ms(responseToCard),
              target: `≤ ${firstRenderTargetMs} ms`,
              pass: renderPass,
            },
            {
              label: '10k voices: first render, navigation start → first card painted',
              value: ms(navigationToCard),
            },
            {
              label: '10k voices: cards / DOM nodes rendered (top → bottom)',
              value: `${last.cards} / ${last.domNodes} → ${bottom.cards} / ${bottom.domNodes}`,
            },
            {
              label: `10k voices: long tasks (> ${longTaskMs} ms) while scrolling to the bottom`,
              value: `${longScrollTasks.length} (longest ${Math.max(0, ...scroll.longTasks.map((t) => t.durationMs))} ms, ${scroll.frames} frames)`,
              target: 'none',
              pass: scrollPass,
            },
            {
              label: `10k voices: long tasks (> ${longTaskMs} ms) scrolling ${readableStep} px a frame (whole cards)`,
              value: `${readableLong.length} (longest ${Math.max(0, ...readable.longTasks.map((t) => t.durationMs))} ms, ${readable.frames} frames)`,
              target: 'none',
              pass: readablePass,
            },
          ],
          data: {
            voices: voiceCount,
            viewport: '1280x720',
            renders: runs,
            median: {
              responseToCardMs: round(responseToCard),
              navigationToCardMs: round(navigationToCard),
            },
            scroll: {
              stepPx: step,
              durationMs: round(scroll.durationMs),
              frames: scroll.frames,
              worstFrameMs: round(scroll.worstFrameMs),
              scrollHeight: scroll.scrollHeight,
              reachedPosition: bottom.lastPosition,
              longTaskCount: longScrollTasks.length,
              longTaskTotalMs: longScrollTasks.reduce((sum, t) => sum + t.durationMs, 0),
              longestTasks: longScrollTasks.slice(0, 20),
            },
            readableScroll: {
              stepPx: readableStep,
              durationMs: round(readable.durationMs),
              frames: readable.frames,
              worstFrameMs: round(readable.worstFrameMs),
              longTaskCount: readableLong.length,
              longestTasks: readableLong.slice(0, 20),
            },
            bottom,
          },
        };
      }
    }
    throw new Error('no render runs');
  } finally {
    await browser?.close().catch(() => {});
    await server.stop();
  }
}
