import type { Browser, Page } from '@playwright/test';
import { launchBrowser, median, newContext, ms, round, voiceProbeScript } from './support/browser';
import { startServer, warmUp, type BenchServer } from './support/server';
import type { BenchContext, BenchResult } from './types';

interface VoicesRun {
  fcp: number;
  /** Navigation start → the first voice card painted with its Play button enabled. */
  interactive: number;
  /** The catalog response's end, from navigation start. */
  listResponseEnd: number | null;
}

const runs = 5;

/** First contentful paint of the page, from navigation start (waits for the entry to exist). */
async function firstContentfulPaint(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((done, fail) => {
        const find = () =>
          performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint');
        const now = find();
        if (now) return done(now.startTime);
        const observer = new PerformanceObserver(() => {
          const entry = find();
          if (entry) {
            observer.disconnect();
            done(entry.startTime);
          }
        });
        observer.observe({ type: 'paint', buffered: true });
        setTimeout(() => fail(new Error('no first-contentful-paint within 15 s')), 15_000);
      }),
  );
}

/** First contentful paint of a page opened by its address in a fresh context. */
async function measurePage(browser: Browser, server: BenchServer, path: string): Promise<number> {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    await page.goto(`${server.url}${path}`, { waitUntil: 'load', timeout: 30_000 });
    return await firstContentfulPaint(page);
  } finally {
    await context.close();
  }
}

async function measureVoices(browser: Browser, server: BenchServer): Promise<VoicesRun> {
  const context = await newContext(browser);
  try {
    await context.addInitScript(voiceProbeScript);
    const page = await context.newPage();
    await page.goto(`${server.url}/voices`, { waitUntil: 'load', timeout: 30_000 });
    await page.waitForFunction(
      () => (window as unknown as { __bench: { firstCard: number | null } }).__bench.firstCard,
      null,
      { timeout: 30_000 },
    );
    const fcp = await firstContentfulPaint(page);
    const probe = await page.evaluate(() => {
      const bench = (window as unknown as { __bench: { firstCard: number } }).__bench;
      const list = performance
        .getEntriesByType('resource')
        .find((e) => e.name.includes('/api/v1/voice/list')) as
        PerformanceResourceTiming | undefined;
      return { firstCard: bench.firstCard, listResponseEnd: list ? list.responseEnd : null };
    });
    return { fcp, interactive: probe.firstCard, listResponseEnd: probe.listResponseEnd };
  } finally {
    await context.close();
  }
}

/**
 * First contentful paint of `/` (home), /generate and /voices, and the time
 * until the voice list can be used: median of 5 runs, each in a fresh browser context (no
 * cache, no storage), against a server warmed once (app assets read, voice previews rendered).
 */
const generatePath = '/generate?tab=image';

export async function run(ctx: BenchContext): Promise<BenchResult> {
  const count = ctx.quick ? 3 : runs;
  const server = await startServer({ rootDir: ctx.rootDir, log: ctx.log });
  let browser: Browser | null = null;
  try {
    const listMs = await warmUp(`${server.url}/api/v1/voice/list?scope=all`);
    ctx.log(`warm-up: first voice list took ${Math.round(listMs)} ms (previews rendered)`);
    await warmUp(`${server.url}/`);
    browser = await launchBrowser();
    // One untimed pass through both pages: the server's file cache and the browser are warm.
    await measurePage(browser, server, '/');
    await measurePage(browser, server, generatePath);
    await measureVoices(browser, server);

    const root: number[] = [];
    const generate: number[] = [];
    const voices: VoicesRun[] = [];
    for (let i = 0; i < count; i++) {
      root.push(await measurePage(browser, server, '/'));
      generate.push(await measurePage(browser, server, generatePath));
      voices.push(await measureVoices(browser, server));
      ctx.log(
        `run ${i + 1}: / FCP ${ms(root.at(-1)!)}, /generate FCP ${ms(generate.at(-1)!)}, /voices FCP ${ms(voices.at(-1)!.fcp)}, list interactive ${ms(voices.at(-1)!.interactive)}`,
      );
    }
    const rootFcp = median(root);
    const generateFcp = median(generate);
    const voicesFcp = median(voices.map((r) => r.fcp));
    const interactive = median(voices.map((r) => r.interactive));
    const responseEnd = median(
      voices.map((r) => r.listResponseEnd).filter((v): v is number => v !== null),
    );
    return {
      summary: [
        { label: 'First contentful paint, / (home) (median)', value: ms(rootFcp) },
        { label: 'First contentful paint, /generate (median)', value: ms(generateFcp) },
        { label: 'First contentful paint, /voices (median)', value: ms(voicesFcp) },
        {
          label: 'Voices list interactive: navigation → first card painted, Play enabled (median)',
          value: ms(interactive),
        },
      ],
      data: {
        runs: count,
        viewport: '1280x720',
        median: {
          rootFcpMs: round(rootFcp),
          generateFcpMs: round(generateFcp),
          voicesFcpMs: round(voicesFcp),
          voicesInteractiveMs: round(interactive),
          voiceListResponseEndMs: round(responseEnd),
        },
        root: root.map((v) => round(v)),
        generate: generate.map((v) => round(v)),
        voices: voices.map((r) => ({
          fcpMs: round(r.fcp),
          interactiveMs: round(r.interactive),
          listResponseEndMs: r.listResponseEnd === null ? null : round(r.listResponseEnd),
        })),
      },
    };
  } finally {
    await browser?.close().catch(() => {});
    await server.stop();
  }
}
