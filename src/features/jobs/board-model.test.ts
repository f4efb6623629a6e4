import { describe, expect, it } from 'vitest';
import type { TrackedJob } from '../../lib/tracked-jobs';
import { cachedJobView } from './board-model';

const tracked = (status: string): TrackedJob => ({
  task_id: `task-${status}`,
  kind: 'voice',
  name: `voice_${status}`,
  created_at: '2026-01-01T00:00:00Z',
  snapshots: [{ at: '2026-01-01T00:01:00Z', status, progress: status === 'completed' ? 100 : 40 }],
});

describe('cachedJobView', () => {
  it('reuses a settled job’s view while the clock moves', () => {
    const job = tracked('completed');
    const first = cachedJobView(job, 0, Date.parse('2026-01-01T00:02:00Z'));
    expect(cachedJobView(job, 0, Date.parse('2026-01-01T00:09:00Z'))).toBe(first);
    expect(first.elapsedMs).toBe(60_000);
  });

  it('makes a new view for a running job, and for a new reading of any job', () => {
    const running = tracked('running');
    const at2 = cachedJobView(running, 0, Date.parse('2026-01-01T00:02:00Z'));
    const at3 = cachedJobView(running, 0, Date.parse('2026-01-01T00:03:00Z'));
    expect(at3).not.toBe(at2);
    expect(at3.elapsedMs).toBe(180_000);
    const done = tracked('completed');
    expect(cachedJobView({ ...done }, 0, 0)).not.toBe(cachedJobView(done, 0, 0));
  });
});
