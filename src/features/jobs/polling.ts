import { isApiError } from '../../api/api-error';
import { isTerminalTrainingStatus } from '../../api/contract/training-statuses';

/**
 * How often a job is polled. Queued jobs wait for capacity (seconds to minutes), so they are
 * asked less often; running jobs move every few seconds and the progress bar should follow.
 */
export const pollMs = { queued: 5_000, running: 2_000 } as const;
/** Backoff after failures: 2 s, 4 s, 8 s … up to a minute, so an outage is not hammered. */
export const backoffMs = { base: 2_000, max: 60_000 } as const;

/**
 * The least time between one poll's answer and the next poll, when the answer took longer
 * than the interval: a slow service is not asked back to back.
 */
export const minPollGapMs = 250;

/**
 * Time until the next poll of a job that answered: its interval counts from when the last
 * poll started (waiting for a slot included), so a running job is read every 2 s however
 * long each answer takes, and never before the last one returned.
 */
export function untilNextPoll(interval: number, startedAt: number | undefined, now: number) {
  if (startedAt === undefined) return interval;
  return Math.max(minPollGapMs, interval - (now - startedAt));
}

export function backoffDelay(failures: number): number {
  return Math.min(backoffMs.max, backoffMs.base * 2 ** Math.max(0, failures - 1));
}

export interface PollState {
  status: 'pending' | 'error' | 'success';
  data?: { data: { status: string } };
  error?: unknown;
}

/**
 * React Query's refetchInterval for a job, from what was last seen: by status while it
 * answers; off once finished or unknown (404); after other errors, wait as the service asked
 * (429 Retry-After) or back off exponentially with the count of consecutive failures.
 */
export function jobRefetchInterval(state: PollState, failures: number): number | false {
  if (state.status === 'error') {
    const error = state.error;
    if (isApiError(error) && error.status === 404) return false;
    if (isApiError(error) && error.status === 429 && error.retryAfterMs !== null)
      return Math.max(error.retryAfterMs, backoffMs.base);
    return backoffDelay(failures);
  }
  const status = state.data?.data.status;
  if (status === undefined) return pollMs.running;
  if (isTerminalTrainingStatus(status)) return false;
  return status === 'running' ? pollMs.running : pollMs.queued;
}
