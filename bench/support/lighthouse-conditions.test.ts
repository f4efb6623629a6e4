import { throttling } from 'lighthouse/core/config/constants.js';
import { describe, expect, it } from 'vitest';
import { conditions, throttlingAt, throttlingDiffers } from './lighthouse-conditions';

describe('the throttling of each condition', () => {
  it('is the mobile preset with only the CPU slowdown changed', () => {
    const raised = throttlingAt(6);
    expect(raised).toEqual({ ...throttling.mobileSlow4G, cpuSlowdownMultiplier: 6 });
    expect(throttlingAt(4)).toEqual(throttling.mobileSlow4G);
  });

  it('runs the preset, a raised slowdown, and the preset on a slow machine', () => {
    expect(conditions.map((c) => [c.id, c.cpuSlowdown, c.slowMachine])).toEqual([
      ['default', 4, false],
      ['cpu6x', 6, false],
      ['slowMachine', 4, true],
    ]);
  });

  it('finds nothing amiss in a report throttled as asked', () => {
    expect(throttlingDiffers({ ...throttlingAt(6) }, throttlingAt(6))).toEqual([]);
  });

  it('names each setting a report has otherwise, or lacks', () => {
    const { rttMs: _, ...withoutRtt } = throttlingAt(4);
    expect(throttlingDiffers(withoutRtt, throttlingAt(6))).toEqual([
      'rttMs: undefined ≠ 150',
      'cpuSlowdownMultiplier: 4 ≠ 6',
    ]);
    expect(throttlingDiffers(undefined, throttlingAt(6))).toHaveLength(6);
  });
});
