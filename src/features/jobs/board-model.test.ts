import { describe, expect, it } from 'vitest';
import type { TrackedJob } from '../../lib/tracked-jobs';
import { boardColumns, cachedJobView, jobTimes } from './board-model';

const tracked = (status: string, id = status): TrackedJob => ({
  task_id: `task-${id}`,
  kind: 'voice',
  name: `voice_${id}`,
  created_at: '2026-01-01T00:00:00Z',
  snapshots: [{ at: '2026-01-01T00:01:00Z', status, progress: status === 'completed' ? 100 : 40 }],
});

describe('cachedJobView', () => {
  it('reuses a job’s view until the job or its quiet flag changes', () => {
    const job = tracked('running');
    const first = cachedJobView(job, false);
    expect(cachedJobView(job, false)).toBe(first);
    expect(cachedJobView(job, true)).not.toBe(first);
    expect(cachedJobView({ ...job }, true)).not.toBe(cachedJobView(job, true));
  });

  it('marks finished jobs settled', () => {
    expect(cachedJobView(tracked('completed'), false).settled).toBe(true);
    expect(cachedJobView(tracked('running'), false).settled).toBe(false);
  });
});

describe('jobTimes', () => {
  it('counts a running job’s time up to now, and a finished one’s up to its last reading', () => {
    const later = Date.parse('2026-01-01T00:09:00Z');
    expect(jobTimes(cachedJobView(tracked('running'), false), later).elapsedMs).toBe(540_000);
    expect(jobTimes(cachedJobView(tracked('completed'), false), later).elapsedMs).toBe(60_000);
  });

  it('calls a quiet running job stalled only after a minute without a change', () => {
    const view = cachedJobView(tracked('running'), true);
    expect(jobTimes(view, Date.parse('2026-01-01T00:01:30Z')).stalled).toBe(false);
    expect(jobTimes(view, Date.parse('2026-01-01T00:02:00Z')).stalled).toBe(true);
    expect(
      jobTimes(cachedJobView(tracked('running'), false), Date.parse('2026-01-01T01:00:00Z'))
        .stalled,
    ).toBe(false);
  });
});

describe('boardColumns', () => {
  it('groups views by status in board order, keeping their order, and leaves out empty ones', () => {
    const views = [
      tracked('completed', 'c1'),
      tracked('running', 'r1'),
      tracked('completed', 'c2'),
    ].map((job) => cachedJobView(job, false));
    expect(
      boardColumns(views).map((column) => [column.status, column.views.map((v) => v.job.name)]),
    ).toEqual([
      ['running', ['voice_r1']],
      ['completed', ['voice_c1', 'voice_c2']],
    ]);
  });
});
