import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  calibrate,
  cpuQuota,
  cpuQuotaEach,
  describeLoad,
  describeSlowMachine,
  inGroup,
  renderersOf,
  measureSlow,
  slowChromium,
  type Load,
  type Stoppable,
} from './slow-machine';

/** Fake loads, and a machine whose index each load brings to what `indices` says. */
function machine(indices: Map<Load, number[]>) {
  const running = new Set<Load>();
  const startLoad = (load: Load): Stoppable => {
    running.add(load);
    return { stop: () => running.delete(load) };
  };
  const sample = async () => {
    const [load] = [...running];
    const seen = load && indices.get(load);
    if (!seen || running.size !== 1) throw new Error('no sample');
    return seen;
  };
  return { running, startLoad, sample, log: () => {} };
}

const light: Load = 1;
const half: Load = 0.7;
const full: Load = 0.5;

describe('calibrating the slow machine', () => {
  it('runs the lightest load that brings the median index to the goal, and leaves it running', async () => {
    const m = machine(
      new Map([
        [light, [2400, 2300, 2500]],
        [half, [1200, 1550, 1650]],
        [full, [900, 900, 900]],
      ]),
    );
    const calibration = await calibrate({ goal: 1600, loads: [light, half, full], ...m });
    expect(calibration.steps).toEqual([
      { load: light, indices: [2400, 2300, 2500], median: 2400 },
      { load: half, indices: [1200, 1550, 1650], median: 1550 },
    ]);
    expect([...m.running]).toEqual([half]);
    calibration.running.stop();
    expect(m.running.size).toBe(0);
  });

  it('stops at the first load when that is enough, the goal itself included', async () => {
    const m = machine(new Map([[light, [1600, 1000, 1700]]]));
    const calibration = await calibrate({ goal: 1600, loads: [light, half], ...m });
    expect(calibration.steps.map((step) => step.load)).toEqual([light]);
    expect([...m.running]).toEqual([light]);
  });

  it('gives up after the heaviest load, with none left running', async () => {
    const m = machine(
      new Map([
        [light, [3000]],
        [full, [2000]],
      ]),
    );
    await expect(calibrate({ goal: 1600, loads: [light, full], ...m })).rejects.toThrow(
      /held to 50 % of it/,
    );
    expect(m.running.size).toBe(0);
  });

  it('stops the load when a sample fails', async () => {
    const m = machine(new Map());
    await expect(calibrate({ goal: 1600, loads: [light], ...m })).rejects.toThrow('no sample');
    expect(m.running.size).toBe(0);
  });

  it('says where the browser runs and how much of its cores it gets', () => {
    expect(describeLoad(0.65)).toBe(
      "Chromium's pages on one core and the rest of it on the other, each held to 65 % of its core",
    );
    expect(describeLoad(1)).toBe(
      "Chromium's pages on one core and the rest of it on the other, each with its whole core",
    );
  });
});

describe('checking the machine was slow while measuring', () => {
  /** A machine whose measured runs rate at what `rated` says for the load held at the time. */
  function measuring(rated: Map<Load, number[]>) {
    const held: Load[] = [];
    const measured: Load[] = [];
    return {
      held,
      measured,
      options: {
        loads: [1, 0.9, 0.8, 0.75, 0.7],
        atMost: 1600,
        retries: 2,
        hold: (load: Load) => held.push(load),
        measure: async () => {
          const load = held.at(-1)!;
          measured.push(load);
          return { load, indices: rated.get(load) ?? [] };
        },
        indices: (m: { indices: number[] }) => m.indices,
        log: () => {},
      },
    };
  }

  it('keeps the first measurement when its runs rate the machine slow, the limit included', async () => {
    const m = measuring(new Map([[0.8, [1700, 1600, 1200]]]));
    const slow = await measureSlow({ ...m.options, load: 0.8 });
    expect(slow).toEqual({
      load: 0.8,
      measured: { load: 0.8, indices: [1700, 1600, 1200] },
      rejected: [],
    });
    expect(m.measured).toEqual([0.8]);
  });

  it('measures again at the next heavier load when the runs rated the machine fast', async () => {
    const m = measuring(
      new Map([
        [0.9, [1440, 1868, 2003]],
        [0.8, [1300, 1350, 1500]],
      ]),
    );
    const lines: string[] = [];
    const slow = await measureSlow({ ...m.options, load: 0.9, log: (line) => lines.push(line) });
    expect(lines).toEqual([
      "slow machine, Chromium's pages on one core and the rest of it on the other, each held to 90 % of its core: measured runs rated 1868 (over 1600); measuring again held to 80 %",
    ]);
    expect(slow.load).toBe(0.8);
    expect(slow.measured).toEqual({ load: 0.8, indices: [1300, 1350, 1500] });
    expect(slow.rejected).toEqual([{ load: 0.9, median: 1868 }]);
    expect(m.held).toEqual([0.9, 0.8]);
  });

  it('stops after its retries and keeps the last measurement, still fast', async () => {
    const fast = [2000, 2100, 2200];
    const m = measuring(
      new Map([
        [1, fast],
        [0.9, fast],
        [0.8, fast],
        [0.75, [1000]],
      ]),
    );
    const slow = await measureSlow({ ...m.options, load: 1 });
    expect(m.measured).toEqual([1, 0.9, 0.8]);
    expect(slow.load).toBe(0.8);
    expect(slow.rejected.map((r) => r.load)).toEqual([1, 0.9]);
  });

  it('stops at the heaviest load there is', async () => {
    const m = measuring(new Map([[0.7, [2000]]]));
    const slow = await measureSlow({ ...m.options, load: 0.7 });
    expect(m.measured).toEqual([0.7]);
    expect(slow.rejected).toEqual([]);
  });

  it('names the loads set aside after the one kept', () => {
    expect(describeSlowMachine(0.8)).toBe(
      "Chromium's pages on one core and the rest of it on the other, each held to 80 % of its core",
    );
    expect(
      describeSlowMachine(0.75, [
        { load: 0.9, median: 1868 },
        { load: 0.8, median: 1650 },
      ]),
    ).toBe(
      "Chromium's pages on one core and the rest of it on the other, each held to 75 % of its core; measured again after 90 % (rated 1868), 80 % (rated 1650)",
    );
  });
});

describe('the CPU quota group', () => {
  let root: string;
  afterEach(() => rmSync(root, { recursive: true, force: true }));
  const read = (...parts: string[]) => readFileSync(path.join(root, ...parts), 'utf8');

  it('holds the group to a share of every 10 ms through cgroup v1, and lifts it', async () => {
    root = mkdtempSync(path.join(tmpdir(), 'quota-v1-'));
    mkdirSync(path.join(root, 'cpu'));
    writeFileSync(path.join(root, 'cpu', 'cpu.cfs_quota_us'), '-1');
    const quota = cpuQuota('bench', root);
    expect(quota.join).toBe(`echo $$ > '${path.join(root, 'cpu', 'bench', 'cgroup.procs')}'\n`);
    expect(read('cpu', 'bench', 'cpu.cfs_quota_us')).toBe('-1');
    quota.hold(0.65);
    expect(read('cpu', 'bench', 'cpu.cfs_period_us')).toBe('10000');
    expect(read('cpu', 'bench', 'cpu.cfs_quota_us')).toBe('6500');
    await quota.remove();
    expect(read('cpu', 'bench', 'cpu.cfs_quota_us')).toBe('-1');
  });

  it('holds it through cgroup v2 where there is no v1 hierarchy', async () => {
    root = mkdtempSync(path.join(tmpdir(), 'quota-v2-'));
    writeFileSync(path.join(root, 'cgroup.controllers'), 'cpuset cpu io memory pids\n');
    const quota = cpuQuota('bench', root);
    quota.hold(0.5);
    expect(read('bench', 'cpu.max')).toBe('5000 10000');
    quota.hold(1);
    expect(read('bench', 'cpu.max')).toBe('10000 10000');
    await quota.remove();
    expect(read('bench', 'cpu.max')).toBe('max 10000');
  });

  // What a process joining runs: the join's shell commands, then says its pid.
  const joined = (join: string) => {
    const run = spawnSync('sh', ['-c', `${join}echo $$`], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    return run.stdout.trim();
  };

  it('gives each process that joins a group of its own, held to the share of the moment, through cgroup v1', async () => {
    root = mkdtempSync(path.join(tmpdir(), 'quota-each-v1-'));
    mkdirSync(path.join(root, 'cpu'));
    writeFileSync(path.join(root, 'cpu', 'cpu.cfs_quota_us'), '-1');
    const share = path.join(root, 'share');
    const quota = cpuQuotaEach('pages', share, root);
    expect(read('cpu', 'pages', 'cpu.cfs_quota_us')).toBe('-1');
    quota.hold(0.5);
    const first = joined(quota.join);
    expect(read('cpu', 'pages', first, 'cgroup.procs').trim()).toBe(first);
    expect(read('cpu', 'pages', first, 'cpu.cfs_period_us').trim()).toBe('10000');
    expect(read('cpu', 'pages', first, 'cpu.cfs_quota_us').trim()).toBe('5000');
    // The group all of them are in has no quota: each holds its own.
    expect(read('cpu', 'pages', 'cpu.cfs_quota_us')).toBe('-1');
    quota.hold(0.6);
    const second = joined(quota.join);
    expect(second).not.toBe(first);
    expect(read('cpu', 'pages', second, 'cpu.cfs_quota_us').trim()).toBe('6000');
    // One that joined before is held to the new share too.
    expect(read('cpu', 'pages', first, 'cpu.cfs_quota_us')).toBe('6000');
    await quota.remove();
    expect(read('cpu', 'pages', first, 'cpu.cfs_quota_us')).toBe('-1');
    expect(existsSync(share)).toBe(false);
  });

  it('gives each its own through cgroup v2, the group handing the CPU controller down', async () => {
    root = mkdtempSync(path.join(tmpdir(), 'quota-each-v2-'));
    writeFileSync(path.join(root, 'cgroup.controllers'), 'cpuset cpu io memory pids\n');
    const quota = cpuQuotaEach('pages', path.join(root, 'share'), root);
    expect(read('pages', 'cgroup.subtree_control')).toBe('+cpu');
    expect(read('pages', 'cpu.max')).toBe('max 10000');
    quota.hold(0.55);
    const pid = joined(quota.join);
    expect(read('pages', pid, 'cpu.max').trim()).toBe('5500 10000');
    expect(read('pages', pid, 'cgroup.procs').trim()).toBe(pid);
    await quota.remove();
    expect(read('pages', pid, 'cpu.max')).toBe('max 10000');
  });

  it('says so when the machine has no CPU quotas', () => {
    root = mkdtempSync(path.join(tmpdir(), 'quota-none-'));
    writeFileSync(path.join(root, 'cgroup.controllers'), 'cpuset io memory\n');
    expect(() => cpuQuota('bench', root)).toThrow(/needs the kernel's CPU quotas/);
  });

  it('starts the browser in its group, pinned, as the same process, and its renderers in theirs', () => {
    root = mkdtempSync(path.join(tmpdir(), 'quota-start-'));
    // A stand-in browser: says its pid, the cores it may use and its arguments, then starts a
    // "renderer" through the prefix it was given, which says the same of itself.
    const browser = path.join(root, 'browser.sh');
    writeFileSync(
      browser,
      [
        '#!/bin/sh',
        'echo $$ $(grep Cpus_allowed_list /proc/self/status | cut -f2) "$@"',
        'prefix=${1#--renderer-cmd-prefix=}',
        `$prefix sh -c 'echo $$ $(grep Cpus_allowed_list /proc/self/status | cut -f2) "$@"' renderer --type=renderer`,
        '',
      ].join('\n'),
    );
    chmodSync(browser, 0o755);
    const procs = {
      browser: path.join(root, 'browser-procs'),
      pages: path.join(root, 'page-procs'),
    };
    const script = slowChromium(root, browser, {
      browser: { core: 0, join: `echo $$ > '${procs.browser}'\n` },
      pages: { core: 1, join: `echo $$ > '${procs.pages}'\n` },
    });
    const run = spawnSync(script, ['--headless'], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const [started, renderer] = run.stdout.trim().split('\n');
    const [pid, cores, prefix, flag] = started!.split(' ');
    expect(readFileSync(procs.browser, 'utf8').trim()).toBe(pid);
    expect(cores).toBe('0');
    expect(prefix).toMatch(/^--renderer-cmd-prefix=\//);
    expect(flag).toBe('--headless');
    const [rendererPid, rendererCores, type] = renderer!.split(' ');
    expect(readFileSync(procs.pages, 'utf8').trim()).toBe(rendererPid);
    expect(rendererCores).toBe('1');
    expect(type).toBe('--type=renderer');
  });

  it("finds a browser's renderers among the processes under it, and nothing else", () => {
    root = mkdtempSync(path.join(tmpdir(), 'proc-'));
    const process = (pid: number, name: string, parent: number, args: string[]) => {
      mkdirSync(path.join(root, String(pid)));
      writeFileSync(path.join(root, String(pid), 'stat'), `${pid} (${name}) S ${parent} 1 1 0`);
      writeFileSync(path.join(root, String(pid), 'cmdline'), `${args.join('\0')}\0`);
    };
    process(100, 'chromium', 1, ['chromium', '--headless=new']);
    process(101, 'chromium', 100, ['chromium', '--type=renderer', '--lang=en']);
    process(102, 'chromium', 100, ['chromium', '--type=utility']);
    // Its command line written over as one string, as Chromium does.
    process(103, 'Chrome (Renderer) x', 100, ['chromium --type=renderer --lang=en']);
    process(104, 'chromium', 99, ['chromium', '--type=renderer']);
    // A renderer under a child of the browser's: found under the browser and under its starter.
    process(105, 'chromium', 102, ['chromium', '--type=renderer']);
    mkdirSync(path.join(root, 'self'));
    expect(renderersOf(100, root).sort()).toEqual([101, 103, 105]);
    expect(renderersOf(1, root).sort()).toEqual([101, 103, 105]);
    expect(renderersOf(99, root)).toEqual([104]);
    expect(renderersOf(101, root)).toEqual([]);
  });

  it('finds a process in its group, in either version, and nowhere else', () => {
    const listing = (text: string) => () => text;
    expect(inGroup(1, 'bench', listing('4:memory:/\n1:cpu:/bench\n0::/\n'))).toBe(true);
    expect(inGroup(1, 'bench', listing('0::/user.slice/bench\n'))).toBe(true);
    expect(inGroup(1, 'bench', listing('1:cpu:/\n0::/other-bench\n'))).toBe(false);
    // A group of its own in the group (cpuQuotaEach), and nothing else under it.
    expect(inGroup(1, 'bench', listing('1:cpu:/bench/4242\n'))).toBe(true);
    expect(inGroup(1, 'bench', listing('0::/user.slice/bench/4242\n'))).toBe(true);
    expect(inGroup(1, 'bench', listing('1:cpu:/bench/other\n'))).toBe(false);
    expect(inGroup(1, 'bench', listing('1:cpu:/other-bench/4242\n'))).toBe(false);
    expect(inGroup(2 ** 30, 'bench')).toBe(false);
  });
});
