// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { TrackedJob } from '../../lib/tracked-jobs';
import { summarizeJobs } from './job-overview';

function job(taskId: string, createdAt: string, ...statuses: string[]): TrackedJob {
  return {
    task_id: taskId,
    kind: 'voice',
    name: `Job ${taskId}`,
    created_at: createdAt,
    snapshots: statuses.map((status, index) => ({
      at: createdAt,
      status,
      ...(status === 'running' && { progress: 10 * (index + 1) }),
    })),
  };
}

describe('summarizeJobs', () => {
  it('counts jobs per status in board order and leaves out empty statuses', () => {
    const overview = summarizeJobs([
      job('a', '2026-11-01T00:00:00Z', 'completed'),
      job('b', '2026-11-02T00:00:00Z', 'running'),
      job('c', '2026-11-03T00:00:00Z', 'completed'),
      job('d', '2026-11-04T00:00:00Z'),
      job('e', '2026-11-05T00:00:00Z', 'paused_by_admin'),
    ]);
    expect(overview.total).toBe(5);
    expect(overview.counts).toEqual([
      { status: 'queued', count: 1 },
      { status: 'running', count: 1 },
      { status: 'completed', count: 2 },
      { status: 'unknown', count: 1 },
    ]);
  });

  it('lists running jobs first, then queued, then the newest, up to the limit', () => {
    const overview = summarizeJobs(
      [
        job('old-done', '2026-11-01T00:00:00Z', 'completed'),
        job('new-done', '2026-11-09T00:00:00Z', 'failed'),
        job('queued', '2026-11-02T00:00:00Z', 'queued'),
        job('running', '2026-11-03T00:00:00Z', 'queued', 'running', 'running'),
      ],
      3,
    );
    expect(overview.recent.map((entry) => entry.taskId)).toEqual(['running', 'queued', 'new-done']);
    expect(overview.recent[0]).toMatchObject({ status: 'running', progress: 30 });
    expect(overview.recent[2]).toMatchObject({ status: 'failed', progress: undefined });
  });

  it('gives an empty overview for no jobs', () => {
    expect(summarizeJobs([])).toEqual({ total: 0, counts: [], recent: [] });
  });
});
