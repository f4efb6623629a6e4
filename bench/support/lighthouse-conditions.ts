import { throttling } from 'lighthouse/core/config/constants.js';

/** Lighthouse's mobile preset: a slow 4G network and the page's own CPU work scaled by 4. */
const mobile = throttling.mobileSlow4G;

export type Throttling = typeof mobile;

/**
 * The raised CPU slowdown: a slower phone than the preset's, as high as it goes while the bare
 * React page still has no blocking time of its own (its TBT at this slowdown is a figure).
 */
export const RAISED_CPU_SLOWDOWN = 6;

/** The machine Lighthouse rates at most this (`benchmarkIndex`) is a slow one. */
export const SLOW_MACHINE_INDEX = 1600;

/** One way of running Lighthouse over every page. */
export interface Condition {
  /** Its key in results.json. */
  id: 'default' | 'cpu6x' | 'slowMachine';
  /** How the report names it. */
  label: string;
  /** What the simulated throttling scales the page's CPU work by. */
  cpuSlowdown: number;
  /**
   * Chromium's pages and the rest of it each held to a share of a core of their own, until
   * Lighthouse rates the machine slow (./slow-machine.ts).
   */
  slowMachine: boolean;
}

export const conditions: Condition[] = [
  {
    id: 'default',
    label: 'default',
    cpuSlowdown: mobile.cpuSlowdownMultiplier,
    slowMachine: false,
  },
  {
    id: 'cpu6x',
    label: `cpu ${RAISED_CPU_SLOWDOWN}×`,
    cpuSlowdown: RAISED_CPU_SLOWDOWN,
    slowMachine: false,
  },
  {
    id: 'slowMachine',
    label: 'slow machine',
    cpuSlowdown: mobile.cpuSlowdownMultiplier,
    slowMachine: true,
  },
];

/** The mobile preset's whole throttling with only the CPU slowdown set: nothing else moves. */
export function throttlingAt(cpuSlowdown: number): Throttling {
  return { ...mobile, cpuSlowdownMultiplier: cpuSlowdown };
}

/**
 * The settings of `expected` a report's `configSettings.throttling` does not have, as
 * `name: seen ≠ expected`: empty when the run was throttled as asked.
 */
export function throttlingDiffers(
  seen: Partial<Record<keyof Throttling, unknown>> | undefined,
  expected: Throttling,
): string[] {
  return (Object.keys(expected) as (keyof Throttling)[])
    .filter((key) => seen?.[key] !== expected[key])
    .map((key) => `${key}: ${String(seen?.[key])} ≠ ${expected[key]}`);
}
