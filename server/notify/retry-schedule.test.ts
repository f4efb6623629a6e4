import { describe, expect, it } from 'vitest';
import {
  nextAttemptAt,
  pauseAfterFailingMs,
  retrySchedule,
  type RetrySchedule,
} from './retry-schedule';

const second = 1_000;
const hour = 60 * 60 * second;
const day = 24 * hour;
const t0 = Date.UTC(2026, 0, 1);
const low = () => 0;
const high = () => 0.999;

/** The wait after `attempts` failed attempts, the first made now. */
const waitAfter = (attempts: number, random: () => number, schedule?: RetrySchedule) =>
  nextAttemptAt(attempts, t0, t0, schedule, random)! - t0;

describe('the retry schedule', () => {
  it('tries a failed delivery again between 10 and 20 s after the first attempt', () => {
    expect(waitAfter(1, low)).toBe(10 * second);
    expect(waitAfter(1, high)).toBe(19_990);
    expect(retrySchedule).toEqual({
      firstMs: 20 * second,
      factor: 4,
      maxStepMs: 4 * hour,
      giveUpAfterMs: day,
    });
  });

  it('waits the factor longer after each further failure', () => {
    expect([1, 2, 3, 4].map((n) => waitAfter(n, low))).toEqual([10_000, 40_000, 160_000, 640_000]);
    const schedule = { firstMs: 1_000, factor: 3, maxStepMs: hour, giveUpAfterMs: day };
    expect([1, 2, 3].map((n) => waitAfter(n, low, schedule))).toEqual([500, 1_500, 4_500]);
  });

  it('never waits longer than the longest step', () => {
    // 20 s × 4⁵ is past four hours: the step stops there.
    expect(waitAfter(5, low)).toBe(2_560_000);
    expect(waitAfter(6, low)).toBe(2 * hour);
    expect(waitAfter(6, () => 0.5)).toBe(3 * hour);
    expect(waitAfter(12, high)).toBe(Math.round(4 * hour * 0.9995));
  });

  it('waits whole milliseconds', () => {
    const schedule = { firstMs: 3, factor: 2, maxStepMs: hour, giveUpAfterMs: day };
    // 3 × 0.75 = 2.25.
    expect(waitAfter(1, () => 0.5, schedule)).toBe(2);
  });

  it('counts from the moment of the failure, not from the first attempt', () => {
    expect(nextAttemptAt(2, t0, t0 + hour, retrySchedule, low)).toBe(t0 + hour + 40_000);
  });

  it('gives up once the next try would come more than a day after the first attempt', () => {
    // The 10 s wait ends exactly a day after the first attempt: still tried.
    const now = t0 + day - 10 * second;
    expect(nextAttemptAt(1, t0, now, retrySchedule, low)).toBe(t0 + day);
    expect(nextAttemptAt(1, t0, now + 1, retrySchedule, low)).toBeNull();
    expect(nextAttemptAt(8, t0, t0 + 21 * hour, retrySchedule, low)).toBe(t0 + 23 * hour);
    expect(nextAttemptAt(8, t0, t0 + 21 * hour, retrySchedule, high)).toBeNull();
    const short = { firstMs: 1_000, factor: 2, maxStepMs: 1_000, giveUpAfterMs: 5_000 };
    expect(nextAttemptAt(3, t0, t0 + 4_000, short, low)).toBe(t0 + 4_500);
    expect(nextAttemptAt(3, t0, t0 + 4_600, short, low)).toBeNull();
  });

  it('spreads the receivers that failed together over the second half of the step', () => {
    const waits = Array.from({ length: 200 }, () => nextAttemptAt(1, t0, t0)! - t0);
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(10 * second);
    expect(Math.max(...waits)).toBeLessThanOrEqual(20 * second);
    // Not one moment for all: many different waits.
    expect(new Set(waits).size).toBeGreaterThan(100);
    // Both halves of the range are used.
    expect(waits.some((wait) => wait < 15 * second)).toBe(true);
    expect(waits.some((wait) => wait > 15 * second)).toBe(true);
  });

  it('pauses a webhook after three days of failures', () => {
    expect(pauseAfterFailingMs).toBe(3 * day);
  });
});
