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
 * Spins forever; checks now and then whether the bench that started it is gone (its parent
 * changed), so a bench killed before its `finally` leaves no loop behind.
 */
const spin =
  'const parent = process.ppid; for (let i = 1; ; i++) if (i % 1e8 === 0 && process.ppid !== parent) process.exit();';

/** A Node process on `core` doing nothing but spin, sharing the core with the browser. */
export function busyLoop(core: number): Stoppable {
  const child = spawn('taskset', ['-c', String(core), process.execPath, '-e', spin], {
    stdio: 'ignore',
  });
  // A loop that failed to start shows as a faster machine, which the calibration sees.
  child.on('error', () => {});
  return { stop: () => void child.kill('SIGKILL') };
}

/** One step of the calibration: how many loops ran, and the benchmark indices seen. */
export interface CalibrationStep {
  loops: number;
  indices: number[];
  median: number;
}

export interface Calibration {
  /** The loops left running: the slow machine, until stopped. */
  loops: Stoppable;
  steps: CalibrationStep[];
}

/**
 * Adds busy loops on the slow core one at a time until the median benchmark index of a sample
 * (Lighthouse runs of the bare page) is at most `goal`; the loops are left running, and are all
 * stopped if it gives up after `maxLoops` or a sample fails.
 */
export async function calibrate(options: {
  goal: number;
  maxLoops: number;
  addLoop: () => Stoppable;
  sample: () => Promise<number[]>;
  log: (line: string) => void;
}): Promise<Calibration> {
  const running: Stoppable[] = [];
  const loops = { stop: () => running.splice(0).forEach((loop) => loop.stop()) };
  const steps: CalibrationStep[] = [];
  try {
    while (running.length < options.maxLoops) {
      running.push(options.addLoop());
      const indices = await options.sample();
      const step = { loops: running.length, indices, median: median(indices) };
      steps.push(step);
      options.log(
        `slow machine, ${step.loops} busy loop(s): benchmark index ${indices.join(', ')} (median ${step.median})`,
      );
      if (step.median <= options.goal) return { loops, steps };
    }
  } catch (error) {
    loops.stop();
    throw error;
  }
  loops.stop();
  throw new Error(
    `the machine stays above a benchmark index of ${options.goal} with ${options.maxLoops} busy loops`,
  );
}
