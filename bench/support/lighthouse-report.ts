import type { Condition, Throttling } from './lighthouse-conditions';
import { figures, medianRun, type PageFigures, type Run } from './lighthouse-run';
import type { CalibrationStep, Load, RejectedLoad } from './slow-machine';

/** One run's figures; which audits failed and which scripts were fetched are kept for the median run. */
export type RunFigures = Omit<PageFigures, 'failingAudits' | 'scripts'>;

/** A page's median run, its ratios to the bare page's median run, and every run's figures. */
export interface PageResult extends PageFigures {
  fcpRatio: number;
  lcpRatio: number;
  /** The JavaScript it fetched (bytes sent) over the bare page's, in the same condition. */
  jsRatio: number | null;
  runs: RunFigures[];
  /** Runs whose trace Lighthouse could not read in any attempt: not in `runs`, nor the median. */
  failedRuns: number;
}

export type Pages = Record<string, PageResult>;

export type ScriptlessResult = PageResult & { page: string };

/** Where the reference pages' runs are among a condition's reports. */
export interface ReferenceKeys {
  bare: string;
  /** The scriptless page's runs, and the path of the app's page it copies. */
  scriptless: { key: string; page: string };
  /** The heading page's runs (./heading-page.ts). */
  heading: string;
  /** The bare page drawn in its HTML and hydrated (./bare-page.ts, `drawn`). */
  bareDrawn: string;
}

/** Every page and the four reference pages in one condition. */
export interface ConditionResult {
  condition: Condition;
  lighthouseVersion: string;
  /** As the bare page's median run's report has it. */
  throttling: Throttling;
  pages: Pages;
  bare: PageResult;
  /**
   * The heaviest page (`page`) as the dashboard sends it but with no script: the same HTML
   * and CSS drawn, and the browser's own work around a navigation, before any JavaScript.
   */
  scriptless: ScriptlessResult;
  /**
   * One heading, no stylesheet and no script (./heading-page.ts): what the browser's own work
   * around a navigation costs in Lighthouse's figures, with nothing of a page's own after it.
   */
  heading: PageResult;
  /**
   * The bare page with its heading in its HTML, hydrated by React (./bare-page.ts): the least
   * a React page that paints from its HTML and then takes it over pays here.
   */
  bareDrawn: PageResult;
  /**
   * How slow the machine was made: the share of a core each part of Chromium was held to, how that
   * was found, and the loads measured before it that rated the machine too fast (none, mostly).
   */
  slowMachine?: { load: Load; calibration: CalibrationStep[]; rejected: RejectedLoad[] };
}

/** Every run's benchmark index in a condition, the bare page's too. */
export const indices = (c: ConditionResult) =>
  [c.bare, ...Object.values(c.pages)].flatMap((r) => r.runs.map((run) => run.benchmarkIndex));

export const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;
export const ms = (value: number) => `${Math.round(value)} ms`;
export const cls = (value: number) => value.toFixed(3);
export const ratio = (value: number) => `${value.toFixed(2)}×`;
export const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
export const round = (value: number, digits = 0) => Math.round(value * 10 ** digits) / 10 ** digits;

export function rounded(f: PageFigures): PageFigures {
  return {
    ...f,
    fcpMs: round(f.fcpMs),
    lcpMs: round(f.lcpMs),
    tbtMs: round(f.tbtMs),
    cls: round(f.cls, 4),
    speedIndexMs: round(f.speedIndexMs),
    benchmarkIndex: round(f.benchmarkIndex),
  };
}

export function runFigures(run: Run): RunFigures {
  const { failingAudits: _, scripts: __, ...rest } = rounded(figures(run));
  return rest;
}

const jsRatio = (page: PageFigures, bare: PageFigures) =>
  page.jsBytes === null || !bare.jsBytes ? null : round(page.jsBytes / bare.jsBytes, 2);

/**
 * A condition's result from every run of every page: Lighthouse's median run of each, beside
 * the reference pages' (the runs under `refs`).
 */
export function conditionResult(
  condition: Condition,
  reports: Map<string, Run[]>,
  refs: ReferenceKeys,
  failed: ReadonlyMap<string, number> = new Map(),
): ConditionResult {
  const bareRuns = reports.get(refs.bare)!;
  const bareMedian = medianRun(bareRuns);
  const bareFigures = rounded(figures(bareMedian));
  const result = (key: string): PageResult => {
    const runs = reports.get(key)!;
    const median = rounded(figures(medianRun(runs)));
    return {
      ...median,
      fcpRatio: round(median.fcpMs / bareFigures.fcpMs, 2),
      lcpRatio: round(median.lcpMs / bareFigures.lcpMs, 2),
      jsRatio: jsRatio(median, bareFigures),
      runs: runs.map(runFigures),
      failedRuns: failed.get(key) ?? 0,
    };
  };
  const pages: Pages = {};
  const references = new Set([refs.bare, refs.scriptless.key, refs.heading, refs.bareDrawn]);
  for (const page of reports.keys()) if (!references.has(page)) pages[page] = result(page);
  return {
    condition,
    lighthouseVersion: bareMedian.lhr.lighthouseVersion,
    throttling: bareMedian.lhr.configSettings.throttling as Throttling,
    pages,
    bare: result(refs.bare),
    scriptless: {
      page: refs.scriptless.page,
      ...result(refs.scriptless.key),
    },
    heading: result(refs.heading),
    bareDrawn: result(refs.bareDrawn),
  };
}

/**
 * A condition as results.json keeps it: every run of every page. The scripts of each median
 * run, one `path bytes` line each, are kept where `withScripts` (they are the same in every
 * condition, and a hundred lines a page).
 */
export function conditionData(c: ConditionResult, withScripts: boolean) {
  const page = ({ scripts, ...rest }: PageResult) => ({
    ...rest,
    ...(withScripts ? { scripts: scripts.map((s) => `${s.url} ${s.transferBytes}`) } : {}),
  });
  return {
    ...c.condition,
    throttling: c.throttling,
    ...c.slowMachine,
    bare: page(c.bare),
    scriptless: page(c.scriptless),
    heading: page(c.heading),
    bareDrawn: page(c.bareDrawn),
    pages: Object.fromEntries(Object.entries(c.pages).map(([path, r]) => [path, page(r)])),
  };
}
