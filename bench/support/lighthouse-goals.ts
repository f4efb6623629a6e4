import type { BenchFigure } from '../types';
import { median } from './browser';
import { kB, ratio, type Pages, type PageResult } from './lighthouse-report';

/** The goals; scores are 0–100, times in ms, JavaScript as a multiple of the bare page's. */
export const targets = {
  /** Lighthouse's mobile preset. */
  default: { performance: 95, lcpRatio: 1.3, tbtMs: 100, cls: 0.02, category: 100 },
  /** The raised CPU slowdown: a slower phone; the bare page has no blocking time there. */
  cpu6x: { performance: 90, tbtMs: 200, bareTbtMs: 0 },
  /** The mobile preset on a machine Lighthouse rates at most 1,600. */
  slowMachine: { performance: 95, benchmarkIndex: 1600 },
  /** The JavaScript fetched before idle (mobile preset) over the bare page's. */
  js: { home: 1.8, heaviest: 2.5 },
};

/** A bound on every page's value (none: the highest value is shown, with no target), and how to write the value. */
export interface Goal {
  atLeast?: number;
  atMost?: number;
  format: (value: number) => string;
  unit?: string;
}

export function goalText(goal: Goal): string | undefined {
  if (goal.atLeast === undefined) {
    return goal.atMost === undefined ? undefined : `≤ ${goal.atMost}${goal.unit ?? ''}`;
  }
  // A score can be no higher than 100: "≥ 100" would read oddly.
  return goal.atLeast === 100 ? '100' : `≥ ${goal.atLeast}`;
}

function meets(goal: Goal, value: number): boolean | undefined {
  if (goal.atLeast !== undefined) return value >= goal.atLeast;
  return goal.atMost === undefined ? undefined : value <= goal.atMost;
}

/**
 * One goal checked on every page: the worst value (lowest score, or highest time, ratio or
 * shift) and the pages that have it.
 */
export function worstOf(
  pages: Pages,
  label: string,
  pick: (r: PageResult) => number,
  goal: Goal,
): BenchFigure {
  const values = Object.entries(pages).map(([page, r]) => [page, pick(r)] as const);
  const pickWorst = goal.atLeast === undefined ? Math.max : Math.min;
  const value = pickWorst(...values.map(([, v]) => v));
  const at = values.filter(([, v]) => v === value).map(([page]) => page);
  const where = at.length === values.length ? 'every page' : at.join(', ');
  const target = goalText(goal);
  return {
    label,
    value: `${goal.format(value)} (${where})`,
    ...(target === undefined ? {} : { target, pass: meets(goal, value) }),
  };
}

const scriptsText = (r: PageResult) =>
  `${kB(r.jsBytes ?? 0)} in ${r.jsCount ?? 0} script${r.jsCount === 1 ? '' : 's'}`;

/** A page's JavaScript over the bare page's against `atMost`; fails when it was not measured. */
function jsAgainstBare(
  label: string,
  page: string,
  r: PageResult,
  bare: PageResult,
  atMost: number,
) {
  const target = `≤ ${atMost}×`;
  if (r.jsRatio === null) return { label, value: 'not measured', target, pass: false };
  return {
    label,
    value: `${ratio(r.jsRatio)} (${page}: ${scriptsText(r)}; bare page ${scriptsText(bare)})`,
    target,
    pass: r.jsRatio <= atMost,
  } satisfies BenchFigure;
}

/**
 * The JavaScript goals: the home page's over the bare page's, and the heaviest page's (the
 * most bytes sent) over the bare page's.
 */
export function jsGoals(pages: Pages, bare: PageResult, prefix: string): BenchFigure[] {
  const home = pages['/'];
  const measured = Object.entries(pages).filter(([, r]) => r.jsBytes !== null);
  const heaviest = measured.reduce<(typeof measured)[number] | undefined>(
    (top, entry) => (top && top[1].jsBytes! >= entry[1].jsBytes! ? top : entry),
    undefined,
  );
  const homeLabel = `${prefix}JavaScript fetched before idle, / over the bare page`;
  const heaviestLabel = `${prefix}JavaScript fetched before idle, heaviest page over the bare page`;
  return [
    home
      ? jsAgainstBare(homeLabel, '/', home, bare, targets.js.home)
      : { label: homeLabel, value: 'no / page', target: `≤ ${targets.js.home}×`, pass: false },
    heaviest
      ? jsAgainstBare(heaviestLabel, heaviest[0], heaviest[1], bare, targets.js.heaviest)
      : {
          label: heaviestLabel,
          value: 'not measured',
          target: `≤ ${targets.js.heaviest}×`,
          pass: false,
        },
  ];
}

/** The bare page's TBT at the raised slowdown, which must stay 0: else the slowdown is too high. */
export function bareTbt(bare: PageResult, label: string, atMost: number): BenchFigure {
  return {
    label,
    value: `${Math.round(bare.tbtMs)} ms`,
    target: atMost === 0 ? '0 ms' : `≤ ${atMost} ms`,
    pass: Math.round(bare.tbtMs) <= atMost,
  };
}

/**
 * Lighthouse's benchmark index over every run of a condition, median and highest, and `how`
 * the machine was made slow: a slow machine is one whose median is at most `atMost`.
 */
export function slowMachineIndex(
  indices: number[],
  label: string,
  atMost: number,
  how: string,
): BenchFigure {
  const middle = median(indices);
  const highest = Math.max(...indices);
  return {
    label,
    value: `${Math.round(middle)}, ${Math.round(highest)} (${how})`,
    target: `median ≤ ${atMost}`,
    pass: middle <= atMost,
  };
}
