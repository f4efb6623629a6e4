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
    const figures = mainThreadFigures([
      ...meta,
      fcp,
      task(120, 30, 30), // 4 × 30 − 50 = 70
      task(200, 20, 20), // 4 × 20 − 50 = 30
      task(300, 10, 10), // 40 ms at 4×: not long
    ]);
    expect(figures).toEqual({ tbtCpuMs: 100, waitShare: 0 });
  });

  it('leaves out the time a task waited for a core, and says how much that was', () => {
    // 60 ms on the clock, 10 ms on a CPU: Lighthouse's wall-time TBT would count 190 ms.
    const figures = mainThreadFigures([...meta, fcp, task(150, 60, 10), task(300, 40, 40)]);
    expect(figures).toEqual({ tbtCpuMs: 110, waitShare: 0.5 });
  });

  it('ignores work before the paint, on other threads and inside another task', () => {
    const figures = mainThreadFigures([
      ...meta,
      fcp,
      task(10, 80, 80), // before the first contentful paint
      task(150, 90, 90, 2), // the compositor
      task(400, 25, 25), // 50 ms
      task(410, 10, 10), // nested in the task above
      { ...task(500, 25, 25), pid: PAGE + 1 }, // another renderer
    ]);
    expect(figures).toEqual({ tbtCpuMs: 50, waitShare: 0 });
  });

  it('leaves out a task Chromium recorded without its thread time, and counts the rest', () => {
    const { tdur: _, ...withoutCpu } = task(150, 60, 60);
    const figures = mainThreadFigures([...meta, fcp, withoutCpu, task(300, 30, 15)]);
    expect(figures).toEqual({ tbtCpuMs: 10, waitShare: 0.5 });
  });

  it('gives nothing from a trace without the paint or without thread times', () => {
    expect(mainThreadFigures([...meta, task(150, 60, 60)])).toBeNull();
    const { tdur: _, ...withoutCpu } = task(150, 60, 60);
    expect(mainThreadFigures([...meta, fcp, withoutCpu])).toBeNull();
  });
});
