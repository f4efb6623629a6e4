import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { chromiumPath } from '../e2e/fixtures/chromium';
import { precompress } from '../build/precompress';
import { navItems } from '../src/components/layout/nav-items';
import { probeAssetEncoding } from './support/asset-encoding';
import { buildBarePage } from './support/bare-page';
import { serveStatic, startDashboard, type Listening } from './support/in-process';
import { conditions, SLOW_MACHINE_INDEX, type Condition } from './support/lighthouse-conditions';
import { targets } from './support/lighthouse-goals';
import {
  cls,
  conditionData,
  conditionResult,
  indices,
  kB,
  ms,
  seconds,
  type ConditionResult,
  type ReferenceKeys,
} from './support/lighthouse-report';
import { figures, lighthouseRun, type Run, type RunSetup } from './support/lighthouse-run';
import { headingSite } from './support/heading-page';
import { scriptlessSite } from './support/scriptless-page';
import { summarize } from './support/lighthouse-summary';
import { conditionTable } from './support/lighthouse-tables';
import { warmUp } from './support/server';
import {
  calibrate,
  checkTaskset,
  cpuQuota,
  cpuQuotaEach,
  loads,
  measureSlow,
  slowChromium,
  SLOW_CORES,
  type Calibration,
} from './support/slow-machine';
import type { BenchContext, BenchResult } from './types';

/** Every page of the navigation, each opened by its address, as from a shared link. */
const pages = navItems.map((item) => item.to);
const BARE = 'bare';
const SCRIPTLESS = 'no-script';
const HEADING = 'heading';
const BARE_DRAWN = 'bare-drawn';
/**
 * Runs per page. Lighthouse's variability guide: the median of five runs has about half the
 * spread of one. Three let one busy moment of the shared machine decide a page's figure.
 */
const runs = 5;
/**
 * Runs of the bare page per step of the slow machine's calibration: it only rates the machine,
 * a tenth under the condition's goal, and the condition's own runs are checked again.
 */
const calibrationRuns = 3;

/** What the app's own config does to its build output besides bundling: the bare page gets it too. */
const buildSteps = () => [precompress()];

async function buildAll(ctx: BenchContext, appDir: string, bareDir: string, drawnDir: string) {
  ctx.log('building the app…');
  await build({
    root: ctx.rootDir,
    configFile: path.join(ctx.rootDir, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: appDir, emptyOutDir: true },
  });
  ctx.log('building a bare React 19 page, and one drawn in its HTML…');
  await buildBarePage(ctx.rootDir, bareDir, buildSteps());
  await buildBarePage(ctx.rootDir, drawnDir, buildSteps(), { drawn: true });
}

/**
 * The condition's result from every page run `count` times, round by round: a busy moment of
 * the machine spreads over all pages instead of landing on one. A run whose trace Lighthouse could not read in any of its
 * attempts is counted as failed and the others stand: the condition's half hour is not lost for
 * it. A page with no run at all ends the bench.
 */
async function measure(
  ctx: BenchContext,
  condition: Condition,
  urls: Map<string, string>,
  refs: ReferenceKeys,
  setup: RunSetup,
  count: number,
): Promise<ConditionResult> {
  const { label } = condition;
  const reports = new Map<string, Run[]>([...urls.keys()].map((page) => [page, []]));
  const failed = new Map<string, number>();
  for (let round = 1; round <= count; round++) {
    for (const [page, url] of urls) {
      let run: Run;
      try {
        run = await lighthouseRun(url, setup, ctx.log);
      } catch (error) {
        failed.set(page, (failed.get(page) ?? 0) + 1);
        ctx.log(`${label}, run ${round}, ${page}: no figures: ${(error as Error).message}`);
        continue;
      }
      reports.get(page)!.push(run);
      const f = figures(run);
      const orDash = (value: number | null, format: (v: number) => string) =>
        value === null ? '–' : format(value);
      ctx.log(
        `${label}, run ${round}, ${page}: perf ${f.performance}, FCP ${seconds(f.fcpMs)}, LCP ${seconds(f.lcpMs)}, TBT ${ms(f.tbtMs)} (on CPU time ${orDash(f.tbtCpuMs, ms)}), CLS ${cls(f.cls)}, main thread CPU ${orDash(f.mainThreadCpuMs, ms)} (wall ${orDash(f.mainThreadWallMs, ms)}), JS ${orDash(f.jsBytes, kB)}, index ${Math.round(f.benchmarkIndex)}`,
      );
    }
  }
  for (const [page, runs] of reports)
    if (runs.length === 0) throw new Error(`${label}: no run of ${page} gave figures`);
  return conditionResult(condition, reports, refs, failed);
}

/**
 * The calibration's goal for the benchmark index, a tenth under the condition's own: the index
 * moves between runs with the shared machine's own speed, and a machine rated just under 1,600
 * in a few runs of the bare page rates above it in the condition's runs as often as not.
 */
const CALIBRATION_INDEX = Math.round(SLOW_MACHINE_INDEX * 0.9);

/**
 * Makes the machine slow for real: Chromium's renderers pinned to one core and the rest of it to
 * the other, each held to a share of its core by a CPU quota, from the whole core to less and
 * less, until Lighthouse's benchmark index of the bare page is at most the calibration's goal.
 * The quotas are left in place: the caller lifts them.
 */
function slowDown(
  ctx: BenchContext,
  setup: RunSetup,
  hold: (share: number) => void,
  bareUrl: string,
  count: number,
): Promise<Calibration> {
  return calibrate({
    goal: CALIBRATION_INDEX,
    loads,
    startLoad: (share) => {
      hold(share);
      return { stop: () => hold(1) };
    },
    sample: async () => {
      const indices: number[] = [];
      for (let i = 0; i < count; i++) {
        const run = await lighthouseRun(bareUrl, setup, ctx.log);
        indices.push(Math.round(run.lhr.environment.benchmarkIndex));
      }
      return indices;
    },
    log: ctx.log,
  });
}

/**
 * The scriptless copy of the app's heaviest page (./support/scriptless-page.ts), made from
 * the pages as the dashboard at `appUrl` sends them, and served as the bare page is.
 */
async function serveScriptless(
  appUrl: string,
  appDir: string,
  tmp: string,
  serving: (server: Promise<Listening>) => Promise<Listening>,
) {
  const drawn = new Map<string, string>();
  for (const page of pages) drawn.set(page, await (await fetch(appUrl + page)).text());
  const dir = path.join(tmp, 'scriptless');
  const page = await scriptlessSite(appDir, dir, drawn);
  return { page, site: await serving(serveStatic(dir)) };
}

/** One condition over every page and the references, the machine slowed first if it asks. */
async function runCondition(
  ctx: BenchContext,
  condition: Condition,
  urls: Map<string, string>,
  refs: ReferenceKeys,
  tmp: string,
  count: number,
): Promise<ConditionResult> {
  if (!condition.slowMachine) {
    return measure(ctx, condition, urls, refs, condition, count);
  }
  checkTaskset(SLOW_CORES.browser);
  checkTaskset(SLOW_CORES.pages);
  const group = `media-studio-bench-${process.pid}`;
  const browser = { core: SLOW_CORES.browser, group: `${group}-browser` };
  const pages = { core: SLOW_CORES.pages, group: `${group}-pages` };
  const quotas = [
    cpuQuota(browser.group),
    cpuQuotaEach(pages.group, path.join(tmp, 'slow-machine-share')),
  ] as const;
  const hold = (share: number) => quotas.forEach((quota) => quota.hold(share));
  const setup: RunSetup = {
    cpuSlowdown: condition.cpuSlowdown,
    pinned: {
      chromePath: slowChromium(tmp, chromiumPath ?? 'chromium', {
        browser: { core: browser.core, join: quotas[0].join },
        pages: { core: pages.core, join: quotas[1].join },
      }),
      browser,
      pages,
    },
  };
  try {
    const calibration = await slowDown(
      ctx,
      setup,
      hold,
      urls.get(BARE)!,
      Math.min(count, calibrationRuns),
    );
    const slow = await measureSlow({
      load: calibration.steps.at(-1)!.load,
      loads,
      atMost: SLOW_MACHINE_INDEX,
      retries: 2,
      hold,
      measure: () => measure(ctx, condition, urls, refs, setup, count),
      indices,
      log: ctx.log,
    });
    return {
      ...slow.measured,
      slowMachine: { load: slow.load, calibration: calibration.steps, rejected: slow.rejected },
    };
  } finally {
    await Promise.all(quotas.map((quota) => quota.remove()));
  }
}

/**
 * Lighthouse's mobile preset on every page of the app, on its heaviest page with no script, on a
 * page of one heading and on a bare React page (as Vite makes it, and drawn in its HTML), all
 * built or written in this run and served by the gateway's own code (the app by the whole
 * dashboard server, with its embedded emulator), in three conditions: the preset, its CPU
 * slowdown raised, and the preset on a machine made slow. Lighthouse's median of 5 runs each.
 */
export async function run(ctx: BenchContext): Promise<BenchResult> {
  const count = ctx.quick ? 1 : runs;
  const tmp = mkdtempSync(path.join(tmpdir(), 'bench-lighthouse-'));
  // Every server started, closed newest first however the run ends.
  const servers: Listening[] = [];
  const serving = async <T extends Listening>(starting: Promise<T>) => {
    const server = await starting;
    servers.push(server);
    return server;
  };
  try {
    const appDir = path.join(tmp, 'app');
    const bareDir = path.join(tmp, 'bare');
    const drawnDir = path.join(tmp, 'bare-drawn');
    await buildAll(ctx, appDir, bareDir, drawnDir);
    const app = await serving(startDashboard(appDir, ctx.log));
    const bareSite = await serving(serveStatic(bareDir));
    const drawnSite = await serving(serveStatic(drawnDir));
    const scriptless = await serveScriptless(app.url, appDir, tmp, serving);
    headingSite(path.join(tmp, 'heading'));
    const headingOnly = await serving(serveStatic(path.join(tmp, 'heading')));
    // The first voice list renders the previews; a page timed meanwhile would wait for them.
    await warmUp(`${app.url}/api/v1/voice/list?scope=all`);
    const encoding = await probeAssetEncoding(app.url);
    const br = encoding.contentEncoding === 'br';
    ctx.log(`${encoding.url}: Content-Encoding ${encoding.contentEncoding ?? 'none'}`);
    // Untimed: Chromium's first start reads its files from disk, the server its assets.
    if (!ctx.quick) await lighthouseRun(`${app.url}/`, conditions[0]!, ctx.log);

    const urls = new Map([
      [BARE, `${bareSite.url}/`],
      [SCRIPTLESS, scriptless.site.url + scriptless.page],
      [HEADING, `${headingOnly.url}/`],
      [BARE_DRAWN, `${drawnSite.url}/`],
      ...pages.map((p) => [p, app.url + p] as const),
    ]);
    const refs: ReferenceKeys = {
      bare: BARE,
      scriptless: { key: SCRIPTLESS, page: scriptless.page },
      heading: HEADING,
      bareDrawn: BARE_DRAWN,
    };
    ctx.log(`${scriptless.page} without scripts: ${urls.get(SCRIPTLESS)}`);
    const results: ConditionResult[] = [];
    for (const condition of conditions) {
      ctx.log(`${condition.label}…`);
      const started = performance.now();
      const result = await runCondition(ctx, condition, urls, refs, tmp, count);
      results.push(result);
      const took = Math.round((performance.now() - started) / 1000);
      ctx.log(
        `${condition.label}: done in ${took} s; Lighthouse throttled with ${JSON.stringify(result.throttling)}`,
      );
    }
    const summary = summarize(results, br);
    for (const line of summary) ctx.log(`${line.label}: ${line.value}`);
    return {
      summary,
      tables: results.map(conditionTable),
      data: {
        lighthouse: results[0]!.lighthouseVersion,
        preset: 'mobile, simulated throttling',
        runsPerPage: count,
        median: "Lighthouse's computeMedianRun (closest to the median FCP and TTI)",
        targets,
        assetEncoding: encoding,
        conditions: Object.fromEntries(
          results.map((c) => [c.condition.id, conditionData(c, c.condition.id === 'default')]),
        ),
      },
    };
  } finally {
    for (const server of servers.reverse()) await server.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}
