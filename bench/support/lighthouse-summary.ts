import { describeSlowMachine } from './slow-machine';
import type { BenchFigure } from '../types';
import { median } from './browser';
import {
  bareTbt,
  jsGoals,
  slowMachineIndex,
  targets,
  worstOf,
  type Goal,
} from './lighthouse-goals';
import {
  cls,
  indices,
  ms,
  ratio,
  seconds,
  type ConditionResult,
  type Pages,
} from './lighthouse-report';

const score: Goal = { atLeast: targets.default.category, format: String };
const performance = (atLeast: number): Goal => ({ atLeast, format: String });
const time = (atMost: number): Goal => ({ atMost, format: ms, unit: ' ms' });

/**
 * Lighthouse's benchmark index of every run: its throttling scales the page's own CPU work, so
 * on a machine busy with other work TBT and the performance score drop with this figure.
 */
function machineSpeed(c: ConditionResult, prefix: string): BenchFigure {
  const all = indices(c).sort((a, b) => a - b);
  return {
    label: `${prefix}Lighthouse benchmark index (machine speed; higher is faster): median, lowest`,
    value: `${Math.round(median(all))}, ${all[0]}`,
  };
}

/**
 * How much of the TBT is the page's own work: the same long tasks counted on the main
 * thread's CPU time (./main-thread.ts), and how much of the task time it waited for a core.
 * No target: the goal is Lighthouse's own TBT, which a phone's user meets.
 */
function tbtOnCpu(pages: Pages, prefix: string): BenchFigure {
  const measured = Object.entries(pages).flatMap(([page, r]) =>
    r.tbtCpuMs === null || r.mainThreadWaitShare === null
      ? []
      : [{ page, tbt: r.tbtCpuMs, wait: r.mainThreadWaitShare }],
  );
  const label = `${prefix}TBT counted on CPU time, highest; share of the main thread’s task time after first paint spent waiting for a core, median page`;
  if (!measured.length) return { label, value: 'not in the traces' };
  const highest = Math.max(...measured.map((m) => m.tbt));
  const at = measured.filter((m) => m.tbt === highest).map((m) => m.page);
  const wait = Math.round(median(measured.map((m) => m.wait)) * 100);
  return { label, value: `${ms(highest)} (${at.join(', ')}); ${wait} %` };
}

/** The page whose main thread ran longest on a CPU over its whole trace, with its wall time. */
function mainThreadTime(c: ConditionResult, prefix: string): BenchFigure {
  const label = `${prefix}Main thread’s CPU time over the whole load, highest page (wall time); bare page`;
  const measured = Object.entries(c.pages).filter(([, r]) => r.mainThreadCpuMs !== null);
  if (!measured.length || c.bare.mainThreadCpuMs === null) {
    return { label, value: 'not in the traces' };
  }
  const [page, top] = measured.reduce((a, b) =>
    b[1].mainThreadCpuMs! > a[1].mainThreadCpuMs! ? b : a,
  );
  return {
    label,
    value: `${ms(top.mainThreadCpuMs!)} (${page}; ${ms(top.mainThreadWallMs!)}); ${ms(c.bare.mainThreadCpuMs)} (${ms(c.bare.mainThreadWallMs!)})`,
  };
}

function barePage(c: ConditionResult, prefix: string): BenchFigure {
  const b = c.bare;
  return {
    label: `${prefix}Bare Vite + React 19 page, served the same way: performance, FCP, LCP, TBT`,
    value: `${b.performance}, ${seconds(b.fcpMs)}, ${seconds(b.lcpMs)}, ${ms(b.tbtMs)}`,
  };
}

/**
 * The bare page with its heading drawn in its HTML and hydrated by React: it paints before its
 * script, as the app's pages do, so the browser's own work around the navigation and React's
 * first task count after its first paint. No target: what it misses, no React page drawn in
 * its HTML meets here; what it meets and the app misses is the app's own work.
 */
function drawnBarePage(c: ConditionResult, prefix: string): BenchFigure {
  const b = c.bareDrawn;
  return {
    label: `${prefix}Bare page drawn in its HTML and hydrated by React, served the same way: performance, FCP, LCP, TBT`,
    value: `${b.performance}, ${seconds(b.fcpMs)}, ${seconds(b.lcpMs)}, ${ms(b.tbtMs)}`,
  };
}

/**
 * The heaviest page's own HTML and CSS with no script, served the same way: what a page that
 * paints early pays before any JavaScript (style, layout and paint, and the browser's own work
 * around a navigation, such as creating the page's script context, which Lighthouse's
 * simulation may end after its first paint). No target: it is the part of the app's figures
 * that taking out every script would leave.
 */
function scriptlessPage(c: ConditionResult, prefix: string): BenchFigure {
  const s = c.scriptless;
  return {
    label: `${prefix}${s.page} with its scripts taken out (the same HTML and CSS, no JavaScript): performance, FCP, TBT`,
    value: `${s.performance}, ${seconds(s.fcpMs)}, ${ms(s.tbtMs)}`,
  };
}

/**
 * One heading and nothing else, served the same way: the least any page that paints from its
 * HTML pays in Lighthouse's figures on this machine. It paints earlier than any other page, so
 * more of the browser's own work around the navigation falls after its first paint. No target:
 * a page goal this page misses is a goal no page that paints early meets here.
 */
function headingPage(c: ConditionResult, prefix: string): BenchFigure {
  const h = c.heading;
  return {
    label: `${prefix}A page of one heading, no stylesheet and no script, served the same way: performance, FCP, TBT`,
    value: `${h.performance}, ${seconds(h.fcpMs)}, ${ms(h.tbtMs)}`,
  };
}

function defaultPreset(c: ConditionResult, prefix: string, br: boolean): BenchFigure[] {
  const t = targets.default;
  const p = c.pages;
  return [
    worstOf(
      p,
      `${prefix}Performance, lowest page`,
      (r) => r.performance,
      performance(t.performance),
    ),
    worstOf(p, `${prefix}LCP / bare page LCP, highest`, (r) => r.lcpRatio, {
      atMost: t.lcpRatio,
      format: ratio,
      unit: '×',
    }),
    worstOf(p, `${prefix}Total blocking time, highest`, (r) => r.tbtMs, time(t.tbtMs)),
    tbtOnCpu(p, prefix),
    worstOf(p, `${prefix}Cumulative layout shift, highest`, (r) => r.cls, {
      atMost: t.cls,
      format: cls,
    }),
    worstOf(p, `${prefix}Accessibility, lowest page`, (r) => r.accessibility, score),
    worstOf(p, `${prefix}Best practices, lowest page`, (r) => r.bestPractices, score),
    worstOf(p, `${prefix}SEO, lowest page`, (r) => r.seo, score),
    {
      label: 'Hashed assets sent with Content-Encoding: br (browser accepts br)',
      value: br ? 'yes' : 'no',
      target: 'yes',
      pass: br,
    },
    ...jsGoals(p, c.bare, prefix),
    mainThreadTime(c, prefix),
    scriptlessPage(c, prefix),
    headingPage(c, prefix),
    drawnBarePage(c, prefix),
    barePage(c, prefix),
    machineSpeed(c, prefix),
  ];
}

function raisedSlowdown(c: ConditionResult, prefix: string): BenchFigure[] {
  const t = targets.cpu6x;
  const p = c.pages;
  return [
    worstOf(
      p,
      `${prefix}Performance, lowest page`,
      (r) => r.performance,
      performance(t.performance),
    ),
    worstOf(p, `${prefix}Total blocking time, highest`, (r) => r.tbtMs, time(t.tbtMs)),
    bareTbt(c.bare, `${prefix}Bare page’s own TBT (the slowdown is not too high)`, t.bareTbtMs),
    tbtOnCpu(p, prefix),
    mainThreadTime(c, prefix),
    scriptlessPage(c, prefix),
    headingPage(c, prefix),
    drawnBarePage(c, prefix),
    barePage(c, prefix),
    machineSpeed(c, prefix),
  ];
}

function slowMachine(c: ConditionResult, prefix: string): BenchFigure[] {
  const t = targets.slowMachine;
  const p = c.pages;
  const how = describeSlowMachine(c.slowMachine?.load ?? 1, c.slowMachine?.rejected);
  return [
    slowMachineIndex(
      indices(c),
      `${prefix}Lighthouse benchmark index (machine speed): median, highest`,
      t.benchmarkIndex,
      how,
    ),
    worstOf(
      p,
      `${prefix}Performance, lowest page`,
      (r) => r.performance,
      performance(t.performance),
    ),
    // No target: the goal on a slow machine is the performance score.
    worstOf(p, `${prefix}Total blocking time, highest`, (r) => r.tbtMs, { format: ms }),
    tbtOnCpu(p, prefix),
    mainThreadTime(c, prefix),
    scriptlessPage(c, prefix),
    headingPage(c, prefix),
    drawnBarePage(c, prefix),
    barePage(c, prefix),
  ];
}

/** The figures and goals of every condition, each labelled with its condition. */
export function summarize(results: ConditionResult[], br: boolean): BenchFigure[] {
  return results.flatMap((c) => {
    const prefix = `${c.condition.label}: `;
    if (c.condition.id === 'cpu6x') return raisedSlowdown(c, prefix);
    if (c.condition.id === 'slowMachine') return slowMachine(c, prefix);
    return defaultPreset(c, prefix, br);
  });
}
