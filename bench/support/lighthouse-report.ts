import type { BenchFigure, BenchTable } from '../types';
import { median } from './browser';
import { figures, type PageFigures, type Run } from './lighthouse-run';

/** The goals of a page on a phone (mobile preset); scores are 0–100. */
export const targets = { performance: 95, lcpRatio: 1.3, tbtMs: 100, cls: 0.02, category: 100 };

/** A page's median run, its ratios to the bare page's median run, and every run's figures. */
export interface PageResult extends PageFigures {
  fcpRatio: number;
  lcpRatio: number;
  runs: Omit<PageFigures, 'failingAudits'>[];
}

export const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;
export const ms = (value: number) => `${Math.round(value)} ms`;
export const cls = (value: number) => value.toFixed(3);
const ratio = (value: number) => `${value.toFixed(2)}×`;
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

/** One run's figures; which audits failed is kept for the median run only. */
export function runFigures(run: Run): Omit<PageFigures, 'failingAudits'> {
  const { failingAudits: _, ...rest } = rounded(figures(run));
  return rest;
}

type Pages = Record<string, PageResult>;

/** A bound on every page's value, and how to write the value. */
interface Goal {
  atLeast?: number;
  atMost?: number;
  format: (value: number) => string;
  unit?: string;
}

function goalText(goal: Goal): string {
  if (goal.atLeast === undefined) return `≤ ${goal.atMost}${goal.unit ?? ''}`;
  // A score can be no higher than 100: "≥ 100" would read oddly.
  return goal.atLeast === 100 ? '100' : `≥ ${goal.atLeast}`;
}

/**
 * One goal checked on every page: the worst value (lowest score, or highest time, ratio or
 * shift) and the pages that have it.
 */
function worstOf(pages: Pages, label: string, pick: (r: PageResult) => number, goal: Goal) {
  const values = Object.entries(pages).map(([page, r]) => [page, pick(r)] as const);
  const pickWorst = goal.atLeast === undefined ? Math.max : Math.min;
  const value = pickWorst(...values.map(([, v]) => v));
  const at = values.filter(([, v]) => v === value).map(([page]) => page);
  const where = at.length === values.length ? 'every page' : at.join(', ');
  return {
    label,
    value: `${goal.format(value)} (${where})`,
    target: goalText(goal),
    pass: goal.atLeast === undefined ? value <= goal.atMost! : value >= goal.atLeast,
  } satisfies BenchFigure;
}

const score: Goal = { atLeast: targets.category, format: String };

/**
 * Lighthouse's benchmark index of every run: its throttling scales the page's own CPU work, so
 * on a machine busy with other work TBT and the performance score drop with this figure.
 */
function machineSpeed(pages: Pages, bare: PageResult['runs']): BenchFigure {
  const all = [...bare, ...Object.values(pages).flatMap((r) => r.runs)].map(
    (run) => run.benchmarkIndex,
  );
  all.sort((a, b) => a - b);
  return {
    label: 'Lighthouse benchmark index (machine speed; higher is faster): median, lowest',
    value: `${all[Math.floor(all.length / 2)]}, ${all[0]}`,
  };
}

/**
 * How much of the TBT above is the page's own work: the same long tasks counted on the main
 * thread's CPU time (./main-thread.ts), and how much of the task time it waited for a core.
 * No target: the goal is Lighthouse's own TBT, which a phone's user meets.
 */
function mainThreadTime(pages: Pages): BenchFigure {
  const measured = Object.entries(pages).flatMap(([page, r]) =>
    r.tbtCpuMs === null || r.mainThreadWaitShare === null
      ? []
      : [{ page, tbt: r.tbtCpuMs, wait: r.mainThreadWaitShare }],
  );
  const label =
    'TBT counted on CPU time, highest; share of the main thread’s task time spent waiting for a core, median page';
  if (!measured.length) return { label, value: 'not in the traces' };
  const highest = Math.max(...measured.map((m) => m.tbt));
  const at = measured.filter((m) => m.tbt === highest).map((m) => m.page);
  const wait = Math.round(median(measured.map((m) => m.wait)) * 100);
  return { label, value: `${ms(highest)} (${at.join(', ')}); ${wait} %` };
}

export function summarize(
  pages: Pages,
  bare: PageFigures,
  bareRuns: PageResult['runs'],
  br: boolean,
): BenchFigure[] {
  return [
    worstOf(pages, 'Performance, lowest page', (r) => r.performance, {
      atLeast: targets.performance,
      format: String,
    }),
    worstOf(pages, 'LCP / bare page LCP, highest', (r) => r.lcpRatio, {
      atMost: targets.lcpRatio,
      format: ratio,
      unit: '×',
    }),
    worstOf(pages, 'Total blocking time, highest', (r) => r.tbtMs, {
      atMost: targets.tbtMs,
      format: ms,
      unit: ' ms',
    }),
    mainThreadTime(pages),
    worstOf(pages, 'Cumulative layout shift, highest', (r) => r.cls, {
      atMost: targets.cls,
      format: cls,
    }),
    worstOf(pages, 'Accessibility, lowest page', (r) => r.accessibility, score),
    worstOf(pages, 'Best practices, lowest page', (r) => r.bestPractices, score),
    worstOf(pages, 'SEO, lowest page', (r) => r.seo, score),
    {
      label: 'Hashed assets sent with Content-Encoding: br (browser accepts br)',
      value: br ? 'yes' : 'no',
      target: 'yes',
      pass: br,
    },
    {
      label: 'Bare Vite + React 19 page, served the same way: performance, FCP, LCP',
      value: `${bare.performance}, ${seconds(bare.fcpMs)}, ${seconds(bare.lcpMs)}`,
    },
    machineSpeed(pages, bareRuns),
  ];
}

/** Every page side by side, the bare page last, for docs/benchmarks.md. */
export function table(pages: Pages, bare: PageFigures): BenchTable {
  const line = (page: string, r: PageFigures, lcpRatio: number) => [
    page,
    String(r.performance),
    seconds(r.fcpMs),
    seconds(r.lcpMs),
    ms(r.tbtMs),
    r.tbtCpuMs === null ? '–' : ms(r.tbtCpuMs),
    cls(r.cls),
    ratio(lcpRatio),
    `${r.accessibility} / ${r.bestPractices} / ${r.seo}`,
  ];
  return {
    columns: [
      'Page',
      'Perf',
      'FCP',
      'LCP',
      'TBT',
      'TBT on CPU',
      'CLS',
      'LCP ratio',
      'A11y / BP / SEO',
    ],
    rows: [
      ...Object.entries(pages).map(([page, r]) => line(page, r, r.lcpRatio)),
      line('bare page', bare, 1),
    ],
  };
}
