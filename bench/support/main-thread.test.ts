import { describe, expect, it } from 'vitest';
import { mainThreadFigures, type TraceEvent } from './main-thread';

const PAGE = 7;
const MAIN = 1;
const ms = 1000;

const meta: TraceEvent[] = [
  { name: 'thread_name', ph: 'M', pid: PAGE, tid: MAIN, ts: 0, args: { name: 'CrRendererMain' } },
  { name: 'thread_name', ph: 'M', pid: PAGE, tid: 2, ts: 0, args: { name: 'Compositor' } },
];
const fcp: TraceEvent = {
  name: 'firstContentfulPaint',
  ph: 'R',
  pid: PAGE,
  tid: MAIN,
  ts: 100 * ms,
};

function task(at: number, wall: number, cpu: number, tid = MAIN): TraceEvent {
  return { name: 'RunTask', ph: 'X', pid: PAGE, tid, ts: at * ms, dur: wall * ms, tdur: cpu * ms };
}

describe('the main thread after first paint', () => {
  it('counts each task as long as it ran on a CPU, scaled by 4, over 50 ms', () => {
    const figures = mainThreadFigures(
      [
        ...meta,
        fcp,
        task(120, 30, 30), // 4 × 30 − 50 = 70
        task(200, 20, 20), // 4 × 20 − 50 = 30
        task(300, 10, 10), // 40 ms at 4×: not long
      ],
      4,
    );
    expect(figures).toMatchObject({ tbtCpuMs: 100, waitShare: 0 });
  });

  it('scales the tasks by the slowdown it is given', () => {
    const events = [...meta, fcp, task(120, 30, 30), task(200, 10, 10)];
    // 6 × 30 − 50 = 130, 6 × 10 − 50 = 10
    expect(mainThreadFigures(events, 6)).toMatchObject({ tbtCpuMs: 140 });
    // 4 × 30 − 50 = 70; 40 ms is not long
    expect(mainThreadFigures(events, 4)).toMatchObject({ tbtCpuMs: 70 });
  });

  it('leaves out the time a task waited for a core, and says how much that was', () => {
    // 60 ms on the clock, 10 ms on a CPU: Lighthouse's wall-time TBT would count 190 ms.
    const figures = mainThreadFigures([...meta, fcp, task(150, 60, 10), task(300, 40, 40)], 4);
    expect(figures).toMatchObject({ tbtCpuMs: 110, waitShare: 0.5 });
  });

  it('ignores work before the paint, on other threads and inside another task', () => {
    const figures = mainThreadFigures(
      [
        ...meta,
        fcp,
        task(10, 80, 80), // before the first contentful paint
        task(150, 90, 90, 2), // the compositor
        task(400, 25, 25), // 50 ms
        task(410, 10, 10), // nested in the task above
        { ...task(500, 25, 25), pid: PAGE + 1 }, // another renderer
      ],
      4,
    );
    expect(figures).toMatchObject({ tbtCpuMs: 50, waitShare: 0 });
  });

  it('leaves out a task Chromium recorded without its thread time, and counts the rest', () => {
    const { tdur: _, ...withoutCpu } = task(150, 60, 60);
    const figures = mainThreadFigures([...meta, fcp, withoutCpu, task(300, 30, 15)], 4);
    expect(figures).toMatchObject({ tbtCpuMs: 10, waitShare: 0.5 });
  });

  it('gives nothing from a trace without the paint or without thread times', () => {
    expect(mainThreadFigures([...meta, task(150, 60, 60)], 4)).toBeNull();
    const { tdur: _, ...withoutCpu } = task(150, 60, 60);
    expect(mainThreadFigures([...meta, fcp, withoutCpu], 4)).toBeNull();
  });
});

describe('the main thread over the whole trace', () => {
  it('sums the CPU and wall time of its top-level tasks, before the paint too', () => {
    const figures = mainThreadFigures(
      [...meta, fcp, task(10, 80, 60), task(150, 30.25, 20.5), task(300, 10, 10)],
      4,
    );
    expect(figures).toMatchObject({ cpuMs: 90.5, wallMs: 120.3 });
  });

  it('counts neither other threads, other renderers nor tasks nested in another', () => {
    const figures = mainThreadFigures(
      [
        ...meta,
        fcp,
        task(10, 40, 30),
        task(20, 10, 10), // nested in the task above
        task(150, 90, 90, 2), // the compositor
        { ...task(200, 25, 25), pid: PAGE + 1 }, // another renderer
        task(300, 20, 20),
      ],
      4,
    );
    expect(figures).toMatchObject({ cpuMs: 50, wallMs: 60 });
  });

  it('leaves a task without thread time out of the wall time as well', () => {
    const { tdur: _, ...withoutCpu } = task(150, 60, 60);
    const figures = mainThreadFigures([...meta, fcp, withoutCpu, task(300, 30, 15)], 4);
    expect(figures).toMatchObject({ cpuMs: 15, wallMs: 30 });
  });

  it('does not depend on the slowdown', () => {
    const events = [...meta, fcp, task(10, 80, 60), task(150, 30, 20)];
    const { cpuMs, wallMs } = mainThreadFigures(events, 4)!;
    expect(mainThreadFigures(events, 6)).toMatchObject({ cpuMs, wallMs });
  });
});
