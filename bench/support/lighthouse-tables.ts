import { describeLoad } from './slow-machine';
import type { BenchTable } from '../types';
import {
  cls,
  kB,
  ms,
  ratio,
  seconds,
  type ConditionResult,
  type PageResult,
} from './lighthouse-report';

const orDash = <T>(value: T | null, format: (value: T) => string) =>
  value === null ? '–' : format(value);

/**
 * The lowest and highest of a page's runs, how far a median run's figure can be trusted, and
 * how many runs gave no figures, if any.
 */
export function runSpread(values: number[], failed = 0): string {
  const lost = failed ? ` (${failed} failed)` : '';
  if (values.length === 0) return `–${lost}`;
  const low = Math.min(...values);
  const high = Math.max(...values);
  return `${low === high ? String(low) : `${low}–${high}`}${lost}`;
}

/** The columns every condition shows, and how to fill them from a page's result. */
const common: [string, (r: PageResult) => string][] = [
  ['Perf', (r) => String(r.performance)],
  [
    'Perf, runs',
    (r) =>
      runSpread(
        r.runs.map((run) => run.performance),
        r.failedRuns,
      ),
  ],
  ['FCP', (r) => seconds(r.fcpMs)],
  ['LCP', (r) => seconds(r.lcpMs)],
  ['TBT', (r) => ms(r.tbtMs)],
  ['TBT on CPU', (r) => orDash(r.tbtCpuMs, ms)],
  [
    'Main thread CPU (wall)',
    (r) =>
      r.mainThreadCpuMs === null || r.mainThreadWallMs === null
        ? '–'
        : `${ms(r.mainThreadCpuMs)} (${ms(r.mainThreadWallMs)})`,
  ],
];

/** The mobile preset's table also shows the JavaScript fetched and the other goals. */
const defaultOnly: [string, (r: PageResult) => string][] = [
  ['JS before idle', (r) => (r.jsBytes === null ? '–' : `${kB(r.jsBytes)} (${r.jsCount})`)],
  ['JS ratio', (r) => orDash(r.jsRatio, ratio)],
  ['CLS', (r) => cls(r.cls)],
  ['LCP ratio', (r) => ratio(r.lcpRatio)],
  ['A11y / BP / SEO', (r) => `${r.accessibility} / ${r.bestPractices} / ${r.seo}`],
];

/** On the slow machine, how fast Lighthouse rated it during each page's median run. */
const slowOnly: [string, (r: PageResult) => string][] = [
  ['Benchmark index', (r) => String(r.benchmarkIndex)],
];

function title(c: ConditionResult): string {
  const { id, label, cpuSlowdown } = c.condition;
  if (id === 'slowMachine') {
    return `${label}: mobile preset (${cpuSlowdown}× CPU slowdown), ${describeLoad(c.slowMachine?.load ?? 1)}`;
  }
  return `${label}: mobile preset, ${cpuSlowdown}× CPU slowdown`;
}

/**
 * One condition's pages side by side, then the heaviest page without its scripts, the heading
 * page and the bare page (drawn in its HTML, and as Vite makes it), for docs/benchmarks.md.
 */
export function conditionTable(c: ConditionResult): BenchTable {
  const extra =
    c.condition.id === 'default' ? defaultOnly : c.condition.id === 'slowMachine' ? slowOnly : [];
  const columns = [...common, ...extra];
  const line = (page: string, r: PageResult) => [page, ...columns.map(([, cell]) => cell(r))];
  return {
    title: title(c),
    columns: ['Page', ...columns.map(([name]) => name)],
    rows: [
      ...Object.entries(c.pages).map(([page, r]) => line(page, r)),
      line(`${c.scriptless.page} without scripts`, c.scriptless),
      line('one heading, no CSS or JS', c.heading),
      line('bare page, drawn in HTML', c.bareDrawn),
      line('bare page', c.bare),
    ],
  };
}
