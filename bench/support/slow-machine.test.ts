import { describe, expect, it } from 'vitest';
import { calibrate, type Stoppable } from './slow-machine';

/** Fake loops, and a machine whose index falls with each loop running as `indices` say. */
function machine(samples: number[][]) {
  const running = new Set<number>();
  let started = 0;
  const addLoop = (): Stoppable => {
    const id = ++started;
    running.add(id);
    return { stop: () => running.delete(id) };
  };
  const sample = async () => {
    const indices = samples[running.size - 1];
    if (!indices) throw new Error('no sample');
    return indices;
  };
  return { running, addLoop, sample, log: () => {} };
}

describe('calibrating the slow machine', () => {
  it('adds busy loops until the median index is at most the goal, and leaves them running', async () => {
    const m = machine([
      [1700, 1650, 1500],
      [1200, 1550, 1650],
    ]);
    const calibration = await calibrate({ goal: 1600, maxLoops: 4, ...m });
    expect(calibration.steps).toEqual([
      { loops: 1, indices: [1700, 1650, 1500], median: 1650 },
      { loops: 2, indices: [1200, 1550, 1650], median: 1550 },
    ]);
    expect(m.running.size).toBe(2);
    calibration.loops.stop();
    expect(m.running.size).toBe(0);
  });

  it('stops at one loop when that is enough, the goal itself included', async () => {
    const m = machine([[1600, 1000, 1700]]);
    const calibration = await calibrate({ goal: 1600, maxLoops: 4, ...m });
    expect(calibration.steps.map((step) => step.loops)).toEqual([1]);
    expect(m.running.size).toBe(1);
  });

  it('gives up after the most loops it may add, with none left running', async () => {
    const m = machine([[3000], [2500], [2000]]);
    await expect(calibrate({ goal: 1600, maxLoops: 3, ...m })).rejects.toThrow(/3 busy loops/);
    expect(m.running.size).toBe(0);
  });

  it('stops every loop when a sample fails', async () => {
    const m = machine([[3000]]);
    await expect(calibrate({ goal: 1600, maxLoops: 4, ...m })).rejects.toThrow('no sample');
    expect(m.running.size).toBe(0);
  });
});
