// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import {
  backoffDelay,
  backoffMs,
  jobRefetchInterval,
  minPollGapMs,
  pollMs,
  untilNextPoll,
} from './polling';

const success = (status: string) => ({ status: 'success' as const, data: { data: { status } } });
const failure = (error: unknown) => ({ status: 'error' as const, error });
const apiError = (status: number, retryAfterMs: number | null = null) =>
  new ApiError({ code: 'x', message: 'x', status, retryAfterMs });

describe('jobRefetchInterval', () => {
  it('polls queued jobs slower than running ones', () => {
    expect(jobRefetchInterval(success('queued'), 0)).toBe(pollMs.queued);
    expect(jobRefetchInterval(success('running'), 0)).toBe(pollMs.running);
    expect(pollMs.queued).toBeGreaterThan(pollMs.running);
  });

  it('keeps polling an unknown status rather than guessing it is final', () => {
    expect(jobRefetchInterval(success('paused'), 0)).toBe(pollMs.queued);
  });

  it('stops on every terminal status', () => {
    for (const status of ['completed', 'failed', 'cancelled'])
      expect(jobRefetchInterval(success(status), 0)).toBe(false);
  });

  it('stops on 404: the job is unknown to the service', () => {
    expect(jobRefetchInterval(failure(apiError(404)), 1)).toBe(false);
  });

  it('waits as long as a 429 Retry-After asks', () => {
    expect(jobRefetchInterval(failure(apiError(429, 30_000)), 1)).toBe(30_000);
    // Without Retry-After, a 429 backs off like any other failure.
    expect(jobRefetchInterval(failure(apiError(429)), 3)).toBe(backoffDelay(3));
  });

  it('backs off exponentially on other errors, up to a ceiling', () => {
    const error = failure(apiError(502));
    expect(jobRefetchInterval(error, 1)).toBe(backoffMs.base);
    expect(jobRefetchInterval(error, 2)).toBe(backoffMs.base * 2);
    expect(jobRefetchInterval(error, 3)).toBe(backoffMs.base * 4);
    expect(jobRefetchInterval(failure(new Error('network')), 20)).toBe(backoffMs.max);
  });

  it('polls at the running pace before the first answer', () => {
    expect(jobRefetchInterval({ status: 'pending' }, 0)).toBe(pollMs.running);
  });
});

describe('untilNextPoll', () => {
  it('counts the interval from when the last poll started, not from its answer', () => {
    expect(untilNextPoll(2_000, 10_000, 10_300)).toBe(1_700);
    expect(untilNextPoll(2_000, undefined, 10_300)).toBe(2_000);
  });

  it('leaves a short gap after an answer that took the whole interval or longer', () => {
    expect(untilNextPoll(2_000, 10_000, 12_000)).toBe(minPollGapMs);
    expect(untilNextPoll(2_000, 10_000, 19_000)).toBe(minPollGapMs);
  });
});
