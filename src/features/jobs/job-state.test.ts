// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { JobSnapshot, TrackedJob } from '../../lib/tracked-jobs';
import { compactReadings } from '../../lib/tracked-jobs-db';
import {
  elapsedMs,
  estimateRemainingMs,
  isStalled,
  jobsToWatch,
  transitionNotice,
} from './job-state';

const t0 = Date.parse('2026-01-01T00:00:00Z');
const at = (ms: number) => new Date(t0 + ms).toISOString();
const snap = (ms: number, status: string, progress?: number): JobSnapshot => ({
  at: at(ms),
  status,
  ...(progress !== undefined && { progress }),
});
const job = (task_id: string, snapshots: JobSnapshot[]): TrackedJob => ({
  task_id,
  kind: 'voice',
  name: task_id,
  created_at: at(0),
  snapshots,
});

describe('jobsToWatch', () => {
  it('leaves out jobs whose last reading is terminal or unknown (404)', () => {
    const jobs = [
      job('new', []),
      job('queued', [snap(0, 'queued', 0)]),
      job('running', [snap(0, 'running', 5)]),
      job('done', [snap(0, 'running', 5), snap(1, 'completed', 100)]),
      job('failed', [snap(0, 'failed', 3)]),
      job('cancelled', [snap(0, 'cancelled', 3)]),
      job('gone', [snap(0, 'unknown')]),
    ];
    expect(jobsToWatch(jobs).map((j) => j.task_id)).toEqual(['new', 'queued', 'running']);
  });
});

describe('isStalled', () => {
  const running = [snap(0, 'running', 40)];
  it('needs both many unchanged polls and a long time', () => {
    expect(isStalled(running, true, t0 + 60_000)).toBe(true);
    expect(isStalled(running, false, t0 + 600_000)).toBe(false);
    expect(isStalled(running, true, t0 + 59_999)).toBe(false);
  });
  it('only applies to running jobs', () => {
    expect(isStalled([snap(0, 'queued', 0)], true, t0 + 600_000)).toBe(false);
    expect(isStalled([], true, t0 + 600_000)).toBe(false);
  });
});

describe('estimateRemainingMs', () => {
  it('extrapolates the progress rate from the end of the initial plateau', () => {
    const snapshots = [
      snap(0, 'queued', 0),
      snap(2_000, 'running', 0),
      snap(5_000, 'running', 0), // input check done: training starts here
      snap(15_000, 'running', 25), // 25% in 10 s
    ];
    expect(estimateRemainingMs(snapshots, t0 + 15_000)).toBe(30_000);
    // Time passing since the last reading counts down, never below zero.
    expect(estimateRemainingMs(snapshots, t0 + 25_000)).toBe(20_000);
    expect(estimateRemainingMs(snapshots, t0 + 90_000)).toBe(0);
  });
  it('gives the same estimate from the few readings a job record keeps', () => {
    const history = [
      snap(0, 'queued', 0),
      snap(2_000, 'running', 0),
      snap(5_000, 'running', 0),
      ...Array.from({ length: 20 }, (_, i) => snap(6_000 + i * 1_000, 'running', 2 + i * 2)),
    ];
    const now = t0 + 30_000;
    expect(estimateRemainingMs(compactReadings(history), now)).toBe(
      estimateRemainingMs(history, now),
    );
    expect(estimateRemainingMs(history, now)).not.toBeNull();
  });
  it('measures the rate from where training started, not from the queue or from zero', () => {
    const snapshots = [
      snap(0, 'queued', 0),
      snap(1_000, 'running'), // no progress in this reading
      snap(2_000, 'running', 10),
      snap(6_000, 'running', 10), // input check done at 10 %
      snap(16_000, 'running', 30), // 20 % in 10 s
    ];
    expect(estimateRemainingMs(snapshots, t0 + 16_000)).toBe(35_000);
  });
  it('has no estimate while the last reading gives no progress', () => {
    const snapshots = [snap(0, 'running', 10), snap(5_000, 'running', 20), snap(10_000, 'running')];
    expect(estimateRemainingMs(snapshots, t0 + 10_000)).toBeNull();
  });
  it('has no estimate when progress went back, or moved in no time', () => {
    const back = [snap(0, 'running', 20), snap(5_000, 'running', 30), snap(10_000, 'running', 10)];
    expect(estimateRemainingMs(back, t0 + 10_000)).toBeNull();
    const sameMoment = [snap(0, 'running', 10), snap(0, 'running', 30)];
    expect(estimateRemainingMs(sameMoment, t0 + 1_000)).toBeNull();
  });
  it('has no estimate without a rate or when not running', () => {
    expect(estimateRemainingMs([snap(0, 'running', 10)], t0)).toBeNull();
    expect(estimateRemainingMs([snap(0, 'queued', 0)], t0)).toBeNull();
    expect(
      estimateRemainingMs([snap(0, 'running', 10), snap(5_000, 'completed', 100)], t0),
    ).toBeNull();
  });
});

describe('elapsedMs', () => {
  it('runs until now, and stops at the reading that settled the job', () => {
    expect(elapsedMs(job('a', [snap(0, 'running', 1)]), t0 + 7_000)).toBe(7_000);
    expect(elapsedMs(job('b', [snap(9_000, 'completed', 100)]), t0 + 99_000)).toBe(9_000);
  });
});

describe('transitionNotice', () => {
  it('announces a change to completed or failed from a reading that was not final', () => {
    expect(transitionNotice(snap(0, 'running', 50), 'completed')).toBe('completed');
    expect(transitionNotice(snap(0, 'queued', 0), 'failed')).toBe('failed');
  });
  it('stays quiet for jobs already final, never read, or not finished', () => {
    expect(transitionNotice(snap(0, 'completed', 100), 'completed')).toBeNull();
    expect(transitionNotice(snap(0, 'failed'), 'failed')).toBeNull();
    expect(transitionNotice(undefined, 'completed')).toBeNull();
    expect(transitionNotice(snap(0, 'queued', 0), 'running')).toBeNull();
    expect(transitionNotice(snap(0, 'running', 10), 'cancelled')).toBeNull();
  });
});
