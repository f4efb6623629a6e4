import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { precompress } from '../build/precompress';
import { probeAssetEncoding } from './support/asset-encoding';
import { buildBarePage } from './support/bare-page';
import { serveStatic, startDashboard } from './support/in-process';
import {
  cls,
  ms,
  round,
  rounded,
  runFigures,
  seconds,
  summarize,
  table,
  targets,
  type PageResult,
} from './support/lighthouse-report';
import { figures, lighthouseRun, medianRun, type Run } from './support/lighthouse-run';
import { warmUp } from './support/server';
import type { BenchContext, BenchResult } from './types';

/** The pages a new user meets first; each is opened by its address, as from a shared link. */
const pages = ['/', '/voices', '/generate', '/speech', '/train', '/jobs', '/files', '/usage'];
const BARE = 'bare';
const runs = 3;

/** What the app's own config does to its build output besides bundling: the bare page gets it too. */
const buildSteps = () => [precompress()];

async function buildBoth(ctx: BenchContext, appDir: string, bareDir: string) {
  ctx.log('building the app…');
  await build({
    root: ctx.rootDir,
    configFile: path.join(ctx.rootDir, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: appDir, emptyOutDir: true },
  });
  ctx.log('building a bare React 19 page…');
  await buildBarePage(ctx.rootDir, bareDir, buildSteps());
}

/**
 * Every page `count` times, round by round: a busy moment of the machine spreads over all
 * pages instead of landing on one.
 */
async function measure(ctx: BenchContext, urls: Map<string, string>, count: number) {
  const reports = new Map<string, Run[]>([...urls.keys()].map((page) => [page, []]));
  for (let round = 1; round <= count; round++) {
    for (const [page, url] of urls) {
      const run = await lighthouseRun(url, ctx.log);
      reports.get(page)!.push(run);
      const f = figures(run);
      ctx.log(
        `run ${round}, ${page}: perf ${f.performance}, FCP ${seconds(f.fcpMs)}, LCP ${seconds(f.lcpMs)}, TBT ${ms(f.tbtMs)} (on CPU time ${f.tbtCpuMs === null ? '–' : ms(f.tbtCpuMs)}), CLS ${cls(f.cls)}`,
      );
    }
  }
  return reports;
}

/**
 * Lighthouse's mobile preset on the app's pages and on a bare React page, both built in this
 * run and served by the gateway's own code (the app by the whole dashboard server, with its
 * embedded emulator): Lighthouse's median of 3 runs each.
 */
export async function run(ctx: BenchContext): Promise<BenchResult> {
  const count = ctx.quick ? 1 : runs;
  const tmp = mkdtempSync(path.join(tmpdir(), 'bench-lighthouse-'));
  try {
    const appDir = path.join(tmp, 'app');
    const bareDir = path.join(tmp, 'bare');
    await buildBoth(ctx, appDir, bareDir);
    const app = await startDashboard(appDir, ctx.log);
    const bareSite = await serveStatic(bareDir).catch(async (error: unknown) => {
      await app.close();
      throw error;
    });
    try {
      // The first voice list renders the previews; a page timed meanwhile would wait for them.
      await warmUp(`${app.url}/api/v1/voice/list?scope=all`);
      const encoding = await probeAssetEncoding(app.url);
      const br = encoding.contentEncoding === 'br';
      ctx.log(`${encoding.url}: Content-Encoding ${encoding.contentEncoding ?? 'none'}`);
      // Untimed: Chromium's first start reads its files from disk, the server its assets.
      if (!ctx.quick) await lighthouseRun(`${app.url}/`, ctx.log);

      const urls = new Map([
        [BARE, `${bareSite.url}/`],
        ...pages.map((p) => [p, app.url + p] as const),
      ]);
      const reports = await measure(ctx, urls, count);
      const bareReports = reports.get(BARE)!;
      const bare = rounded(figures(medianRun(bareReports)));
      const results: Record<string, PageResult> = {};
      for (const page of pages) {
        const runsOfPage = reports.get(page)!;
        const median = rounded(figures(medianRun(runsOfPage)));
        results[page] = {
          ...median,
          fcpRatio: round(median.fcpMs / bare.fcpMs, 2),
          lcpRatio: round(median.lcpMs / bare.lcpMs, 2),
          runs: runsOfPage.map(runFigures),
        };
      }
      const bareRuns = bareReports.map(runFigures);
      const summary = summarize(results, bare, bareRuns, br);
      for (const line of summary) ctx.log(`${line.label}: ${line.value}`);
      return {
        summary,
        table: table(results, bare),
        data: {
          lighthouse: bareReports[0]!.lhr.lighthouseVersion,
          preset: 'mobile, simulated throttling',
          runsPerPage: count,
          median: "Lighthouse's computeMedianRun (closest to the median FCP and TTI)",
          targets,
          assetEncoding: encoding,
          bare: { ...bare, runs: bareRuns },
          pages: results,
        },
      };
    } finally {
      await bareSite.close();
      await app.close();
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
