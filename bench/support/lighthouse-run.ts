import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { chromiumPath } from '../../e2e/fixtures/chromium';
import { throttlingAt, throttlingDiffers } from './lighthouse-conditions';
import { scriptsFetched, type FetchedScript, type ScriptsFetched } from './lighthouse-scripts';
import { mainThreadFigures, type MainThreadFigures } from './main-thread';
import { coresOf, inGroup, renderersOf } from './slow-machine';

/**
 * One Lighthouse run: its report, what its trace says of the page's main thread, and the
 * scripts the page fetched.
 */
export interface Run {
  lhr: Result;
  mainThread: MainThreadFigures | null;
  scripts: ScriptsFetched | null;
}

/** How to run Lighthouse: the CPU slowdown of its throttling, and the browser. */
export interface RunSetup {
  cpuSlowdown: number;
  /**
   * A Chromium whose renderers run pinned to one core and held to a share of it by a CPU quota
   * group, the rest of it on the other core in a group of its own (./slow-machine.ts), each
   * checked to run there.
   */
  pinned?: { chromePath: string; browser: Pinned; pages: Pinned };
}

/** A core and the CPU quota group named `group`. */
export interface Pinned {
  core: number;
  group: string;
}

/** What the bench keeps of one Lighthouse report. Scores are 0–100, times in ms. */
export interface PageFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Audits scored below 1, for finding out why a score dropped. */
  failingAudits: string[];
  /**
   * Lighthouse's measure of how fast this machine was during the run: simulated throttling
   * scales the page's own CPU work, so a busy machine shows as a higher TBT.
   */
  benchmarkIndex: number;
  /** TBT counted on the main thread's CPU time, not its wall time (./main-thread.ts). */
  tbtCpuMs: number | null;
  /** The share of the main thread's task time after first paint spent waiting for a core. */
  mainThreadWaitShare: number | null;
  /** The main thread's CPU time over the whole trace, and its wall time (./main-thread.ts). */
  mainThreadCpuMs: number | null;
  mainThreadWallMs: number | null;
  /** The scripts the page fetched until Lighthouse stopped recording (./lighthouse-scripts.ts). */
  jsCount: number | null;
  jsBytes: number | null;
  /** Which scripts those were. */
  scripts: FetchedScript[];
}

const categories = ['performance', 'accessibility', 'best-practices', 'seo'];

/**
 * The flags the e2e tests run Chromium with, in Chrome's new headless mode, which is the whole
 * browser: as it starts it also loads its own address bar's popup, a page of its own in a
 * renderer of its own (`chrome://omnibox-popup.top-chrome/`, twice). Each run starts a new
 * Chromium, so that start-up work ran beside every page measured: on the slow machine's one
 * core it took 250 ms to 1.3 s of main-thread time while the page loaded, and the page's tasks
 * waited for it. A phone's browser loads no desktop popup at every page load; those pages are
 * not loaded.
 */
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup,PreloadTopChromeWebUI',
];

const score = (lhr: Result, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const numeric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;

/** Audits that count and fell short; informative, manual and not-applicable ones never do. */
function failing(lhr: Result): string[] {
  return Object.values(lhr.audits)
    .filter(
      (audit) =>
        audit.score !== null &&
        audit.score < 1 &&
        !['informative', 'manual', 'notApplicable', 'error'].includes(audit.scoreDisplayMode),
    )
    .map((audit) => audit.id)
    .sort();
}

export function figures({ lhr, mainThread, scripts }: Run): PageFigures {
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    seo: score(lhr, 'seo'),
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    speedIndexMs: numeric(lhr, 'speed-index'),
    failingAudits: failing(lhr),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    tbtCpuMs: mainThread?.tbtCpuMs ?? null,
    mainThreadWaitShare: mainThread?.waitShare ?? null,
    mainThreadCpuMs: mainThread?.cpuMs ?? null,
    mainThreadWallMs: mainThread?.wallMs ?? null,
    jsCount: scripts?.count ?? null,
    jsBytes: scripts?.transferBytes ?? null,
    scripts: scripts?.scripts ?? [],
  };
}

/** Why `pid` is not on `at`'s core alone and in its group; null when it is. */
function misplaced(pid: number, at: Pinned): string | null {
  const cores = coresOf(pid);
  if (cores !== String(at.core)) return `runs on cores ${cores}, not ${at.core} alone`;
  if (!inGroup(pid, at.group)) return `runs outside the CPU quota group ${at.group}`;
  return null;
}

/**
 * Watches the renderers of the browser `pid` while a page loads (they come and go with it).
 * One is placed a moment after it starts, by the script that starts it, so a renderer counts as
 * misplaced when it still is at the next look; `end` stops and throws unless one was seen and
 * each was placed.
 */
function watchRenderers(pid: number, at: Pinned) {
  const placed = new Set<number>();
  const starting = new Set<number>();
  const problems = new Map<number, string>();
  const look = () => {
    for (const renderer of renderersOf(pid)) {
      const problem = misplaced(renderer, at);
      if (!problem) placed.add(renderer);
      else if (starting.has(renderer)) problems.set(renderer, problem);
      else starting.add(renderer);
    }
  };
  look();
  const timer = setInterval(look, 250);
  return {
    stop: () => clearInterval(timer),
    end: () => {
      clearInterval(timer);
      look();
      if (placed.size + problems.size === 0) throw new Error("Chromium's renderers: none seen");
      for (const [renderer, problem] of problems)
        throw new Error(`Chromium's renderer ${renderer} ${problem}`);
    },
  };
}

/**
 * One Lighthouse run with its mobile preset (simulated throttling) and the setup's CPU
 * slowdown, in a Chromium of its own: nothing (cache, service workers, compiled code, open
 * connections) carries over from the previous page, so runs only differ by what the machine
 * was doing meanwhile.
 */
async function runOnce(url: string, setup: RunSetup): Promise<Run> {
  const chromePath = setup.pinned?.chromePath ?? chromiumPath;
  const chrome = await chromeLauncher.launch({
    ...(chromePath ? { chromePath } : {}),
    chromeFlags,
  });
  let renderers: ReturnType<typeof watchRenderers> | undefined;
  try {
    if (setup.pinned) {
      const problem = misplaced(chrome.pid, setup.pinned.browser);
      if (problem) throw new Error(`Chromium ${problem}`);
      renderers = watchRenderers(chrome.pid, setup.pinned.pages);
    }
    const throttling = throttlingAt(setup.cpuSlowdown);
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: categories,
      throttling,
    });
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no report');
    const differs = throttlingDiffers(lhr.configSettings.throttling, throttling);
    if (differs.length) throw new Error(`Lighthouse throttled otherwise: ${differs.join(', ')}`);
    renderers?.end();
    return {
      lhr,
      mainThread: mainThreadFigures(result.artifacts.Trace.traceEvents, setup.cpuSlowdown),
      scripts: scriptsFetched(lhr),
    };
  } finally {
    renderers?.stop();
    chrome.kill();
  }
}

/** Lighthouse's own advice for a failed trace (NO_NAVSTART, NO_FCP on a busy machine) is to run again. */
const attempts = 3;

export async function lighthouseRun(
  url: string,
  setup: RunSetup,
  log: (line: string) => void,
): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    let problem: string;
    try {
      const run = await runOnce(url, setup);
      const error = run.lhr.runtimeError;
      if (!error) return run;
      problem = `${error.code} ${error.message}`;
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
    }
    if (attempt === attempts) throw new Error(`${url}: ${problem} (${attempts} attempts)`);
    log(`${url}: ${problem}: running again`);
  }
}

/** Lighthouse's own choice of the median run: the one closest to the median FCP and TTI. */
export function medianRun(runs: Run[]): Run {
  const median = computeMedianRun(runs.map((run) => run.lhr));
  return runs.find((run) => run.lhr === median)!;
}
