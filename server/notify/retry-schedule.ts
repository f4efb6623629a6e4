/**
 * When a failed delivery is tried again. Exponential, from a few seconds to a few hours, each
 * wait drawn between half and all of its step (jitter: receivers that failed together are not
 * hit together when they come back). The first retry comes within 30 s, the last no later than
 * a day after the first attempt; then the delivery has failed.
 */
export interface RetrySchedule {
  /** The first step; each later one is `factor` times the one before. */
  firstMs: number;
  factor: number;
  /** No single wait is longer. */
  maxStepMs: number;
  /** No retry later than this after the first attempt. */
  giveUpAfterMs: number;
}

export const retrySchedule: RetrySchedule = {
  firstMs: 20_000,
  factor: 4,
  maxStepMs: 4 * 60 * 60_000,
  giveUpAfterMs: 24 * 60 * 60_000,
};

/**
 * When to try again after `attempts` failed attempts, the first made at `firstAttemptAt`;
 * null when the schedule has given up. `random` is in [0, 1).
 */
export function nextAttemptAt(
  attempts: number,
  firstAttemptAt: number,
  now: number,
  schedule: RetrySchedule = retrySchedule,
  random: () => number = Math.random,
): number | null {
  const step = Math.min(schedule.maxStepMs, schedule.firstMs * schedule.factor ** (attempts - 1));
  const at = now + Math.round(step * (0.5 + random() / 2));
  return at - firstAttemptAt > schedule.giveUpAfterMs ? null : at;
}

/** A webhook whose attempts have all failed this long is paused, and its owner told. */
export const pauseAfterFailingMs = 3 * 24 * 60 * 60_000;
