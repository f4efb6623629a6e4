// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { TrackedJob } from '../../lib/tracked-jobs';
import {
  boardColumns,
  cachedJobView,
  clearableJobs,
  filterJobViews,
  formatCost,
  formatMs,
  jobTimes,
  jobTotals,
  starterOptions,
  toJobView,
} from './board-model';

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

describe('toJobView', () => {
  it('takes progress and step from the last reading, falling back to the last status body', () => {
    const job: TrackedJob = {
      ...tracked('running'),
      snapshots: [{ at: '2026-01-01T00:01:00Z', status: 'running' }],
      latest: {
        task_id: 'task-running',
        name: 'voice_running',
        status: 'running',
        progress: 30,
        current_step: 60,
        total_steps: 200,
      },
    };
    const view = toJobView(job, true);
    expect(view).toMatchObject({
      status: 'running',
      column: 'running',
      progress: 30,
      currentStep: 60,
      totalSteps: 200,
      settled: false,
      quiet: true,
    });
    const read = toJobView(
      { ...job, snapshots: [{ at: 'x', status: 'running', progress: 45, current_step: 90 }] },
      false,
    );
    expect([read.progress, read.currentStep, read.quiet]).toEqual([45, 90, false]);
  });
});

describe('a job read no status yet', () => {
  it('has no progress, step or cost, and adds nothing to the totals', () => {
    const job: TrackedJob = { ...tracked('queued', 'fresh'), snapshots: [] };
    const view = toJobView(job, false);
    expect([view.progress, view.currentStep, view.totalSteps, view.latest]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    const running = toJobView(
      { ...job, latest: undefined, snapshots: [{ at: 'x', status: 'running' }] },
      false,
    );
    const completed = toJobView({ ...job, snapshots: [{ at: 'x', status: 'completed' }] }, false);
    expect(jobTotals([running, completed])).toEqual({
      running: 1,
      runningEstimate: 0,
      completedCost: 0,
    });
  });
});

describe('who started a job', () => {
  const ada = { id: 'u-ada', name: 'Ada', token: null };
  const bot = { id: 'u-bot', name: 'Bot', token: 'nightly render' };
  // Read inside each test, so a fault in reading a job fails that test, not the whole file.
  const board = () =>
    [
      { ...tracked('running', 'a1'), started_by: ada },
      { ...tracked('completed', 'b1'), started_by: bot },
      { ...tracked('failed', 'a2'), started_by: ada },
      tracked('queued', 'open'),
    ].map((job) => cachedJobView(job, false));

  it('filters by the starter’s user id, alone or with the other filters', () => {
    const names = (search: Parameters<typeof filterJobViews>[1]) =>
      filterJobViews(board(), search).map((view) => view.job.name);
    expect(names({ view: 'board', started_by: 'u-ada' })).toEqual(['voice_a1', 'voice_a2']);
    expect(names({ view: 'board', started_by: 'u-ada', status: 'failed' })).toEqual(['voice_a2']);
    expect(names({ view: 'board', started_by: 'someone-else' })).toEqual([]);
    expect(names({ view: 'board' })).toHaveLength(4);
  });

  it('offers each person once, by name, with the gateway’s newest name and anyone new since', () => {
    const listed = [{ id: 'u-ada', name: 'Ada Lovelace' }];
    expect(starterOptions(listed, board())).toEqual([
      { id: 'u-ada', name: 'Ada Lovelace' },
      { id: 'u-bot', name: 'Bot' },
    ]);
    // A shared link's person no job shows any more stays selectable, under the id.
    expect(starterOptions([], board(), 'u-gone').map((person) => person.id)).toEqual([
      'u-ada',
      'u-bot',
      'u-gone',
    ]);
  });

  it('lists people by name whatever order they come in, and namesakes by id', () => {
    const zoe = { id: 'u-zoe', name: 'Zoë', token: null };
    const onBoard = [zoe, { id: 'u-ann-2', name: 'Ann', token: null }, ada].map((person, n) =>
      cachedJobView({ ...tracked('running', `p${n}`), started_by: person }, false),
    );
    const listed = [
      { id: 'u-zoe', name: 'Zoë' },
      { id: 'u-ann-1', name: 'Ann' },
    ];
    expect(starterOptions(listed, onBoard).map((person) => person.id)).toEqual([
      'u-ada',
      'u-ann-1',
      'u-ann-2',
      'u-zoe',
    ]);
  });

  it('offers nothing when no job on the board has a starter (open mode, direct mode)', () => {
    const open = [tracked('running', 'x')].map((job) => cachedJobView(job, false));
    expect(starterOptions([{ id: 'u-ada', name: 'Ada' }], open, 'u-ada')).toEqual([]);
  });
});

describe('filterJobViews', () => {
  const jobs: TrackedJob[] = [
    { ...tracked('running', 'alpha'), kind: 'voice', source: 'dashboard' },
    { ...tracked('completed', 'beta'), kind: 'music_lora', source: 'client' },
    { ...tracked('failed', 'gamma'), kind: 'video_lora' },
  ];
  const names = (search: Parameters<typeof filterJobViews>[1]) =>
    filterJobViews(
      jobs.map((job) => cachedJobView(job, false)),
      search,
    ).map((view) => view.job.name);

  it('keeps every job without filters', () => {
    expect(names({ view: 'board' })).toEqual(['voice_alpha', 'voice_beta', 'voice_gamma']);
  });

  it('filters by kind and by board status', () => {
    expect(names({ view: 'board', kind: 'music_lora' })).toEqual(['voice_beta']);
    expect(names({ view: 'board', status: 'failed' })).toEqual(['voice_gamma']);
    expect(names({ view: 'board', kind: 'voice', status: 'completed' })).toEqual([]);
  });

  it('filters by who started the job; a job without a source is this browser’s own', () => {
    expect(names({ view: 'board', source: 'client' })).toEqual(['voice_beta']);
    expect(names({ view: 'board', source: 'dashboard' })).toEqual(['voice_alpha', 'voice_gamma']);
  });

  it('searches name and task id, ignoring case and surrounding spaces', () => {
    expect(names({ view: 'board', q: '  ALPHA ' })).toEqual(['voice_alpha']);
    expect(names({ view: 'board', q: 'task-gam' })).toEqual(['voice_gamma']);
    // In the name only (task ids are task-<id>).
    expect(names({ view: 'board', q: 'VOICE_B' })).toEqual(['voice_beta']);
    expect(names({ view: 'board', q: '   ' })).toHaveLength(3);
    expect(names({ view: 'board', q: 'nothing' })).toEqual([]);
  });
});

describe('jobTotals', () => {
  it('counts running jobs with their estimates and adds up what completed jobs cost', () => {
    const job = (status: string, latest: Partial<TrackedJob['latest']>, id: string) =>
      cachedJobView(
        {
          ...tracked(status, id),
          latest: { task_id: id, name: id, status, ...latest } as TrackedJob['latest'],
        },
        false,
      );
    const totals = jobTotals([
      job('running', { cost_estimate: 1.25 }, 'r1'),
      job('running', {}, 'r2'),
      job('completed', { total_cost: 2.5 }, 'c1'),
      job('completed', { total_cost: 0.5, cost_estimate: 9 }, 'c2'),
      job('failed', { total_cost: 7, cost_estimate: 7 }, 'f1'),
    ]);
    expect(totals).toEqual({ running: 2, runningEstimate: 1.25, completedCost: 3 });
  });
});

describe('formats', () => {
  it('shows costs in dollars with at least two and at most four decimals', () => {
    expect(formatCost(3)).toBe('$3.00');
    expect(formatCost(0.12345)).toBe('$0.1235');
  });

  it('shows durations as minutes and seconds, rounded down', () => {
    expect(formatMs(65_900)).toBe('1:05');
  });
});

describe('what the viewer may remove', () => {
  const ada = { id: 'u-ada', name: 'Ada', token: null };
  const grace = { id: 'u-grace', name: 'Grace', token: 'nightly' };
  const own = { ...tracked('completed', 'own'), started_by: ada };
  const theirs = { ...tracked('failed', 'theirs'), started_by: grace };
  const nobodys = { ...tracked('completed', 'nobodys'), started_by: null };
  const imported = tracked('unknown', 'imported');
  const running = { ...tracked('running', 'running'), started_by: ada };
  const cleared = (viewer: string | null | undefined) =>
    clearableJobs(
      [own, theirs, nobodys, imported, running].map((job) => toJobView(job, false)),
      viewer,
    ).map((view) => view.job.name);

  it('clears only the signed-in person’s own finished jobs and those nobody started', () => {
    expect(cleared('u-ada')).toEqual(['voice_own', 'voice_nobodys', 'voice_imported']);
    expect(cleared('u-grace')).toEqual(['voice_theirs', 'voice_nobodys', 'voice_imported']);
  });

  it('clears every finished job when nobody signs in (open or direct mode)', () => {
    expect(cleared(null)).toEqual(['voice_own', 'voice_theirs', 'voice_nobodys', 'voice_imported']);
  });

  it('leaves anyone’s job alone until the viewer is known', () => {
    expect(cleared(undefined)).toEqual(['voice_nobodys', 'voice_imported']);
  });
});
