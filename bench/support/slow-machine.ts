import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { median } from './browser';

/**
 * The core the slow machine runs on. The bench's own process (its servers, Lighthouse) is left
 * to the other core, so only the browser is slowed, as on a phone.
 */
export const SLOW_CORE = 1;

/** Something running that the bench stops when done. */
export interface Stoppable {
  stop: () => void;
}

/** Stops with a clear message when `taskset` (util-linux) cannot pin to `core`. */
export function checkTaskset(core: number): void {
  const probe = spawnSync('taskset', ['-c', String(core), 'true'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    const why = probe.error?.message ?? probe.stderr.trim();
    throw new Error(`the slow machine needs taskset and a core ${core}: ${why}`);
  }
}

/**
 * A script in `dir` that starts `chromium` pinned to `core`. Chromium's every process inherits
 * the affinity, and as the script execs, chrome-launcher's process is Chromium itself, so
 * killing its process group still ends them all.
 */
export function pinnedChromium(dir: string, chromium: string, core: number): string {
  const file = path.join(dir, `chromium-on-core-${core}.sh`);
  writeFileSync(file, `#!/bin/sh\nexec taskset -c ${core} '${chromium}' "$@"\n`);
  chmodSync(file, 0o755);
  return file;
}

/** The cores a running process may use (`/proc/<pid>/status`), as `taskset -c` writes them. */
export function coresOf(pid: number): string | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return /^Cpus_allowed_list:\s*(\S+)/m.exec(status)?.[1] ?? null;
  } catch {
    return null;
  }
}

/**
 * Spins for `duty` of every 20 ms and sleeps for the rest; checks now and then whether the
 * bench that started it is gone (its parent changed), so a bench killed before its `finally`
 * leaves no loop behind.
 */
const spin = (duty: number) =>
  [
    'const parent = process.ppid, period = 20, busy = period * ' + String(duty) + ';',
    'const nap = new Int32Array(new SharedArrayBuffer(4));',
    'for (let i = 1; ; i++) {',
    '  const start = performance.now(); while (performance.now() - start < busy);',
    '  if (busy < period) Atomics.wait(nap, 0, 0, period - busy);',
    '  if (i % 50 === 0 && process.ppid !== parent) process.exit();',
    '}',
  ].join('\n');

/**
 * A Node process on `core` spinning for `duty` (0–1] of the time, sharing the core with the
 * browser: a fraction of a core's worth of load, so the machine can be slowed by less than a
 * whole loop's halving.
 */
export function busyLoop(core: number, duty = 1): Stoppable {
  const child = spawn('taskset', ['-c', String(core), process.execPath, '-e', spin(duty)], {
    stdio: 'ignore',
  });
  // A loop that failed to start shows as a faster machine, which the calibration sees.
  child.on('error', () => {});
  return { stop: () => void child.kill('SIGKILL') };
}

/** One load on the slow core: each number a busy loop's duty. */
export type Load = readonly number[];

/** How a load reads in the report: "busy loops at 100 % + 50 %", or "no busy loop". */
export function describeLoad(load: Load): string {
  if (load.length === 0) return 'no busy loop';
  const duties = load.map((duty) => `${Math.round(duty * 100)} %`).join(' + ');
  return `${load.length === 1 ? 'a busy loop' : 'busy loops'} at ${duties} of the time`;
}

/**
 * Loads from light to heavy: the browser alone on its core, then one loop spinning a growing
 * share of the time, then a second loop. The first that brings the index to the goal is the
 * slow machine, so it is rated just under the goal rather than far below it: on one core of a
 * machine rated about 2,200, the browser alone rated about 1,300, and a loop at 20 % about 900.
 */
export const loads: readonly Load[] = [
  [],
  [0.1],
  [0.2],
  [0.35],
  [0.5],
  [0.65],
  [0.8],
  [1],
  [1, 0.5],
  [1, 1],
];

/** One step of the calibration: the load that ran, and the benchmark indices seen. */
export interface CalibrationStep {
  load: Load;
  indices: number[];
  median: number;
}

export interface Calibration {
  /** The load left running: the slow machine, until stopped. */
  loops: Stoppable;
  steps: CalibrationStep[];
}

/**
 * Tries `loads` in order, each alone, until the median benchmark index of a sample (Lighthouse
 * runs of the bare page) is at most `goal`; that load is left running. Every loop is stopped if
 * no load is enough or a sample fails.
 */
export async function calibrate(options: {
  goal: number;
  loads: readonly Load[];
  startLoad: (load: Load) => Stoppable;
  sample: () => Promise<number[]>;
  log: (line: string) => void;
}): Promise<Calibration> {
  const steps: CalibrationStep[] = [];
  for (const load of options.loads) {
    const running = options.startLoad(load);
    let indices: number[];
    try {
      indices = await options.sample();
    } catch (error) {
      running.stop();
      throw error;
    }
    const step = { load, indices, median: median(indices) };
    steps.push(step);
    options.log(
      `slow machine, ${describeLoad(load)}: benchmark index ${indices.join(', ')} (median ${step.median})`,
    );
    if (step.median <= options.goal) return { loops: running, steps };
    running.stop();
  }
  throw new Error(
    `the machine stays above a benchmark index of ${options.goal} with ${describeLoad(options.loads.at(-1) ?? [])}`,
  );
}
