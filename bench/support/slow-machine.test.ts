import { describe, expect, it } from 'vitest';
import { calibrate, describeLoad, type Load, type Stoppable } from './slow-machine';

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

const light: Load = [0.2];
const half: Load = [0.5];
const full: Load = [1];

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
    calibration.loops.stop();
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
      /a busy loop at 100 %/,
    );
    expect(m.running.size).toBe(0);
  });

  it('stops the load when a sample fails', async () => {
    const m = machine(new Map());
    await expect(calibrate({ goal: 1600, loads: [light], ...m })).rejects.toThrow('no sample');
    expect(m.running.size).toBe(0);
  });

  it('says how hard the loops spin', () => {
    expect(describeLoad([0.35])).toBe('a busy loop at 35 % of the time');
    expect(describeLoad([1, 0.5])).toBe('busy loops at 100 % + 50 % of the time');
    expect(describeLoad([])).toBe('no busy loop');
  });
});
