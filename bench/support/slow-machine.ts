import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { median } from './browser';

/**
 * The cores of the slow machine. A machine rated slow runs each of the browser's processes
 * slowly, but side by side on cores of their own: the page's renderer on one core, the rest of
 * Chromium (its browser process, compositor and network service) on the other, each held to the
 * same share of its core, and each other renderer to that share too, beside the page's (the
 * renderer Chromium starts while a page loads, for the next one). All of them on one core, the
 * slow machine's first form, made the page's main thread wait for the browser's own work: under
 * the share that rated the machine about 1,400, the app's pages with no script at all scored
 * 89–93, their main thread waiting 37–70 % of its task time. The bench's own processes (its
 * servers, Lighthouse) share the browser's core, outside its quota; they are idle while a page
 * loads but for what it fetches.
 */
export const SLOW_CORES = { pages: 1, browser: 0 } as const;

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
 * A CPU-bandwidth group of the kernel's (cgroup v1 `cpu` or cgroup v2 `cpu.max`) that the slow
 * machine's Chromium runs in: every process of it together may use `share` of a core's time in
 * every 10 ms, however many run. A quota, not loops spinning beside the browser: how much of each
 * period the browser gets is fixed, where a loop's share of the core depended on when it woke
 * (Lighthouse's benchmark index moved from about 1,100 to 2,100 under one loop). What still moves
 * the index is the shared machine's own speed.
 */
export interface CpuQuota {
  /**
   * Shell commands that move the shell running them (`$$`) into the group; what it then runs
   * (`exec`) stays there, with the children it starts.
   */
  join: string;
  /** Holds the group to `share` (0–1] of one core; 1 is the whole core. */
  hold: (share: number) => void;
  /**
   * Lifts the quota and removes the group once no process is left in it: a browser just killed
   * takes a moment to end. A group some process holds on to after 10 s is left in place.
   */
  remove: () => Promise<void>;
}

const QUOTA_PERIOD_US = 10_000;

/** Writes `quota` µs per period (negative: none) to the group in `dir`. */
type QuotaWriter = (dir: string, quota: number) => void;

interface Hierarchy {
  parent: string;
  write: QuotaWriter;
  /** Shell commands that write the quota in file `from` to the group in `$d`. */
  writeFrom: (from: string) => string;
  /** Lets a group's children hold quotas of their own. */
  delegate: (dir: string) => void;
}

const v1: Omit<Hierarchy, 'parent'> = {
  write: (dir, quota) => {
    writeFileSync(path.join(dir, 'cpu.cfs_period_us'), String(QUOTA_PERIOD_US));
    writeFileSync(path.join(dir, 'cpu.cfs_quota_us'), String(quota));
  },
  writeFrom: (from) =>
    `echo ${QUOTA_PERIOD_US} > "$d/cpu.cfs_period_us"\ncat '${from}' > "$d/cpu.cfs_quota_us"\n`,
  delegate: () => undefined,
};
const v2: Omit<Hierarchy, 'parent'> = {
  write: (dir, quota) =>
    writeFileSync(path.join(dir, 'cpu.max'), `${quota < 0 ? 'max' : quota} ${QUOTA_PERIOD_US}`),
  writeFrom: (from) => `echo "$(cat '${from}') ${QUOTA_PERIOD_US}" > "$d/cpu.max"\n`,
  delegate: (dir) => writeFileSync(path.join(dir, 'cgroup.subtree_control'), '+cpu'),
};

/** Where the kernel's CPU bandwidth control is mounted under `root`, v1 first; null if nowhere. */
function quotaHierarchy(root: string): Hierarchy | null {
  if (existsSync(path.join(root, 'cpu', 'cpu.cfs_quota_us')))
    return { parent: path.join(root, 'cpu'), ...v1 };
  const controllers = path.join(root, 'cgroup.controllers');
  if (existsSync(controllers) && /\bcpu\b/.test(readFileSync(controllers, 'utf8')))
    return { parent: root, ...v2 };
  return null;
}

/** The group `dir` of `hierarchy`, made if missing, without a quota; throws, saying why, if it cannot be. */
function makeGroup(hierarchy: Hierarchy, dir: string): void {
  try {
    if (!existsSync(dir)) mkdirSync(dir);
    hierarchy.write(dir, -1);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(`the slow machine needs a CPU quota group it can write (${dir}): ${why}`, {
      cause: error,
    });
  }
}

/** Removes the groups in `dirs`, in order, waiting up to 10 s for each to be left. */
async function removeGroups(dirs: string[]): Promise<void> {
  for (const dir of dirs) {
    for (let waited = 0; waited < 10_000; waited += 100) {
      try {
        rmdirSync(dir);
        break;
      } catch (error) {
        // The kernel says busy while a process is still in it; anything else will not pass.
        if ((error as NodeJS.ErrnoException).code !== 'EBUSY') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }
}

function hierarchyUnder(root: string): Hierarchy {
  const hierarchy = quotaHierarchy(root);
  if (!hierarchy) throw new Error(`the slow machine needs the kernel's CPU quotas under ${root}`);
  return hierarchy;
}

/** The group `name` of the machine's CPU bandwidth control, one quota for all its processes. */
export function cpuQuota(name: string, root = '/sys/fs/cgroup'): CpuQuota {
  const hierarchy = hierarchyUnder(root);
  const dir = path.join(hierarchy.parent, name);
  makeGroup(hierarchy, dir);
  return {
    join: `echo $$ > '${path.join(dir, 'cgroup.procs')}'\n`,
    hold: (share) => hierarchy.write(dir, Math.round(QUOTA_PERIOD_US * share)),
    remove: async () => {
      hierarchy.write(dir, -1);
      await removeGroups([dir]);
    },
  };
}

/**
 * The group `name` in which each process that joins gets a group and a quota of its own (named
 * by its pid), all held to the same share: Chromium's renderers on the slow machine. A phone
 * rated slow runs each process on a slow core, but beside the others on cores of their own: the
 * renderer Chromium starts while a page loads, to have one ready for the next page, is not
 * started on the page's core. Under one quota for all of them that renderer's start-up took 30–40
 * ms of the page's share of its core in the first 300 ms of `/train`, and the page's tasks waited
 * for it. The share is kept in `shareFile`, which each process reads as it joins.
 */
export function cpuQuotaEach(name: string, shareFile: string, root = '/sys/fs/cgroup'): CpuQuota {
  const hierarchy = hierarchyUnder(root);
  const dir = path.join(hierarchy.parent, name);
  makeGroup(hierarchy, dir);
  hierarchy.delegate(dir);
  writeFileSync(shareFile, '-1');
  const children = () =>
    readdirSync(dir)
      .filter((entry) => /^\d+$/.test(entry))
      .map((entry) => path.join(dir, entry));
  const holdAll = (quota: number) => {
    writeFileSync(shareFile, String(quota));
    for (const child of children()) hierarchy.write(child, quota);
  };
  return {
    join: `d='${dir}'/$$\nmkdir "$d"\n${hierarchy.writeFrom(shareFile)}echo $$ > "$d/cgroup.procs"\n`,
    hold: (share) => holdAll(Math.round(QUOTA_PERIOD_US * share)),
    remove: async () => {
      holdAll(-1);
      await removeGroups([...children(), dir]);
      rmSync(shareFile, { force: true });
    },
  };
}

/** Where a part of the slow machine's Chromium runs: a core, and how to join its quota group. */
export interface Placement {
  core: number;
  join: string;
}

/** A script in `dir` that joins `at`'s group, pins itself to its core and runs its arguments. */
function placing(dir: string, name: string, at: Placement, command: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, `#!/bin/sh\n${at.join}exec taskset -c ${at.core} ${command}\n`);
  chmodSync(file, 0o755);
  return file;
}

/**
 * A script in `dir` that starts `chromium` in the `browser` placement, and has it start each
 * renderer through a second script (Chromium's `--renderer-cmd-prefix`), in the `pages` one.
 * What else Chromium starts inherits the browser's group and core. As the script execs,
 * chrome-launcher's process is Chromium itself, so killing its process group still ends them all.
 */
export function slowChromium(
  dir: string,
  chromium: string,
  at: { browser: Placement; pages: Placement },
): string {
  const renderer = placing(dir, 'slow-chromium-renderer.sh', at.pages, '"$@"');
  return placing(
    dir,
    'slow-chromium.sh',
    at.browser,
    `'${chromium}' '--renderer-cmd-prefix=${renderer}' "$@"`,
  );
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
 * The renderers a running Chromium started: the processes under `browser` (its children, theirs,
 * and so on: the command chrome-launcher starts may be a script that runs the browser as its
 * child) whose command line has `--type=renderer`. `/proc/<pid>/stat`'s fourth field is the parent.
 */
export function renderersOf(browser: number, procDir = '/proc'): number[] {
  const children = new Map<number, number[]>();
  const renderer = new Set<number>();
  for (const entry of readdirSync(procDir)) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(path.join(procDir, entry, 'stat'), 'utf8');
      // The command's name is in parentheses and may hold spaces: the fields follow its end.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const pid = Number(entry);
      children.set(parent, [...(children.get(parent) ?? []), pid]);
      // Split at spaces too: Chromium writes its processes' command lines over as one string.
      const args = readFileSync(path.join(procDir, entry, 'cmdline'), 'utf8').split(/[\0 ]/);
      if (args.includes('--type=renderer')) renderer.add(pid);
    } catch {
      // Gone since the directory was read.
    }
  }
  const found: number[] = [];
  const under = [...(children.get(browser) ?? [])];
  for (let pid = under.pop(); pid !== undefined; pid = under.pop()) {
    if (renderer.has(pid)) found.push(pid);
    under.push(...(children.get(pid) ?? []));
  }
  return found;
}

/**
 * Whether a running process is in the CPU quota group `name`, or in a group of its own in it
 * (`cpuQuotaEach`): a line of `/proc/<pid>/cgroup` (v1's `1:cpu:/<name>`, v2's `0::/<name>`)
 * ends with it, or with it and a pid.
 */
export function inGroup(
  pid: number,
  name: string,
  read: (file: string) => string = (file) => readFileSync(file, 'utf8'),
): boolean {
  try {
    return read(`/proc/${pid}/cgroup`)
      .split('\n')
      .some((line) => {
        const [group, own] = [line.slice(0, line.lastIndexOf('/')), line.split('/').at(-1)!];
        return line.endsWith(`/${name}`) || (/^\d+$/.test(own) && group.endsWith(`/${name}`));
      });
  } catch {
    return false;
  }
}

/** One load of the slow machine: the share of its core that each part of the browser may use. */
export type Load = number;

/**
 * How a load reads in the report: "Chromium's pages on one core and the rest of it on the
 * other, each held to 65 % of its core".
 */
export function describeLoad(load: Load): string {
  const where = "Chromium's pages on one core and the rest of it on the other";
  return load >= 1
    ? `${where}, each with its whole core`
    : `${where}, each held to ${Math.round(load * 100)} % of its core`;
}

/**
 * Loads from light to heavy: the browser with its core to itself, then held to less and less
 * of it. The first that brings the index under the calibration's goal is the slow machine, so
 * it is rated a little under the goal rather than far below it: on a machine rated about 2,800
 * when idle, each part held to 60 % of its core rated about 1,570, and to 55 % 840–1,490.
 */
export const loads: readonly Load[] = [1, 0.9, 0.8, 0.75, 0.7, 0.65, 0.6, 0.55, 0.5, 0.4, 0.3];

/** One step of the calibration: the load that ran, and the benchmark indices seen. */
export interface CalibrationStep {
  load: Load;
  indices: number[];
  median: number;
}

export interface Calibration {
  /** The load left in place: the slow machine, until stopped. */
  running: Stoppable;
  steps: CalibrationStep[];
}

/**
 * Tries `loads` in order, each alone, until the median benchmark index of a sample (Lighthouse
 * runs of the bare page) is at most `goal`; that load is left in place. Every load is stopped if
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
    if (step.median <= options.goal) return { running, steps };
    running.stop();
  }
  throw new Error(
    `the machine stays above a benchmark index of ${options.goal} with ${describeLoad(options.loads.at(-1) ?? 1)}`,
  );
}

/** A load whose measured runs rated the machine above the slow machine's index. */
export interface RejectedLoad {
  load: Load;
  /** The median benchmark index of every run measured at it. */
  median: number;
}

/**
 * How the slow machine was made, with the loads measured before it and set aside: "Chromium's
 * pages on one core and the rest of it on the other, each held to 75 % of its core; measured
 * again after 90 % (rated 1868)".
 */
export function describeSlowMachine(load: Load, rejected: readonly RejectedLoad[] = []): string {
  if (rejected.length === 0) return describeLoad(load);
  const before = rejected.map((r) => `${Math.round(r.load * 100)} % (rated ${r.median})`);
  return `${describeLoad(load)}; measured again after ${before.join(', ')}`;
}

/**
 * Measures at `load`, then checks the machine was slow while measuring: the calibration rates it
 * in a few runs of the bare page, and a shared machine may speed up before the condition's own
 * runs (one calibration at 90 % rated 977–1,354, the runs measured after it 1,440–2,003).
 * While the median index of what was measured is over `atMost`, the condition is measured
 * again at the next heavier load of `loads`, at most `retries` times. The last measurement is
 * kept even if it is still over: its index figure then says the machine was not slow.
 */
export async function measureSlow<T>(options: {
  load: Load;
  loads: readonly Load[];
  atMost: number;
  retries: number;
  hold: (load: Load) => void;
  measure: () => Promise<T>;
  indices: (measured: T) => number[];
  log: (line: string) => void;
}): Promise<{ load: Load; measured: T; rejected: RejectedLoad[] }> {
  const rejected: RejectedLoad[] = [];
  let load = options.load;
  for (;;) {
    options.hold(load);
    const measured = await options.measure();
    const middle = median(options.indices(measured));
    const heavier = options.loads.find((next) => next < load);
    if (middle <= options.atMost || heavier === undefined || rejected.length >= options.retries)
      return { load, measured, rejected };
    options.log(
      `slow machine, ${describeLoad(load)}: measured runs rated ${middle} (over ${options.atMost}); measuring again held to ${Math.round(heavier * 100)} %`,
    );
    rejected.push({ load, median: middle });
    load = heavier;
  }
}
