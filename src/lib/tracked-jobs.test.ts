import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { trainingHistoryKinds } from '../api/contract/history-kinds';
import { listTrackedJobs, trackedJobKinds } from './tracked-jobs';
import {
  addTrackedJob,
  listJobReadings,
  recordSnapshot,
  removeTrackedJobs,
  replaceTrackedJobs,
} from './tracked-jobs-writes';
import { inDirectMode } from '../test/direct-mode';

const job = (task_id: string, created_at: string) => ({
  task_id,
  kind: 'voice' as const,
  name: `voice_${task_id}`,
  created_at,
});

inDirectMode();

describe('tracked jobs', () => {
  it('are the kinds the gateway keeps as training jobs', () => {
    expect(trackedJobKinds).toEqual(trainingHistoryKinds);
  });

  it('keeps jobs newest first and never duplicates a task id', async () => {
    await replaceTrackedJobs([]);
    await addTrackedJob(job('a', '2026-01-01T00:00:00Z'));
    await addTrackedJob(job('b', '2026-01-02T00:00:00Z'));
    await addTrackedJob({ ...job('a', '2026-01-03T00:00:00Z'), name: 'renamed' });
    const list = await listTrackedJobs();
    expect(list.map((j) => j.task_id)).toEqual(['b', 'a']);
    expect(list[1]?.name).toBe('voice_a');
  });

  it('records a snapshot only when the reading changes', async () => {
    await replaceTrackedJobs([]);
    await addTrackedJob(job('c', '2026-01-01T00:00:00Z'));
    await recordSnapshot('c', { at: 't1', status: 'queued', progress: 0 });
    await recordSnapshot('c', { at: 't2', status: 'queued', progress: 0 });
    await recordSnapshot('c', { at: 't3', status: 'running', progress: 10, current_step: 20 });
    const [tracked] = await listTrackedJobs();
    expect(tracked?.snapshots.map((s) => s.at)).toEqual(['t1', 't3']);
  });

  it('reports whether it appended and the reading before, and keeps the latest body', async () => {
    await replaceTrackedJobs([]);
    await addTrackedJob(job('f', '2026-01-01T00:00:00Z'));
    const first = await recordSnapshot('f', { at: 't1', status: 'running', progress: 10 });
    expect(first).toEqual({ appended: true, previous: undefined });
    const body = {
      task_id: 'f',
      name: 'voice_f',
      status: 'completed',
      progress: 100,
      total_cost: 1,
    };
    const second = await recordSnapshot(
      'f',
      { at: 't2', status: 'completed', progress: 100 },
      body,
    );
    expect(second).toEqual({
      appended: true,
      previous: { at: 't1', status: 'running', progress: 10 },
    });
    const again = await recordSnapshot('f', { at: 't3', status: 'completed', progress: 100 });
    expect(again.appended).toBe(false);
    expect((await listTrackedJobs())[0]?.latest).toEqual(body);
  });

  it('a new reading replaces only its own job in the list, and is what is stored', async () => {
    await replaceTrackedJobs([]);
    await addTrackedJob(job('p', '2026-01-01T00:00:00Z'));
    await addTrackedJob(job('q', '2026-01-02T00:00:00Z'));
    const before = await listTrackedJobs();
    await recordSnapshot('p', { at: 't1', status: 'running', progress: 5 });
    const after = await listTrackedJobs();
    expect(after).not.toBe(before);
    expect(after[0]).toBe(before[0]); // q: untouched, so its card need not render again
    expect(after[1]?.snapshots.map((s) => s.at)).toEqual(['t1']);
    // Removing q reads the list back from IndexedDB: the reading was stored, not only shown.
    await removeTrackedJobs(['q']);
    expect((await listTrackedJobs()).map((j) => j.snapshots.map((s) => s.at))).toEqual([['t1']]);
  });

  it('ignores snapshots of jobs no longer tracked, and removes jobs', async () => {
    await replaceTrackedJobs([]);
    await addTrackedJob(job('d', '2026-01-01T00:00:00Z'));
    await addTrackedJob(job('e', '2026-01-02T00:00:00Z'));
    await removeTrackedJobs(['d']);
    await recordSnapshot('d', { at: 't', status: 'running' });
    expect((await listTrackedJobs()).map((j) => j.task_id)).toEqual(['e']);
  });

  it('keeps every reading in the history and only the last few on the job', async () => {
    await replaceTrackedJobs([]);
    await addTrackedJob(job('h', '2026-01-01T00:00:00Z'));
    const ats = Array.from({ length: 12 }, (_, i) => `t${String(i).padStart(2, '0')}`);
    // Readings that arrive together are written together; each is still compared in order.
    const results = await Promise.all([
      ...ats.map((at, i) => recordSnapshot('h', { at, status: 'queued', progress: i })),
      recordSnapshot('h', { at: 'again', status: 'queued', progress: 11 }),
    ]);
    expect(results.map((r) => r.appended)).toEqual([...ats.map(() => true), false]);
    expect(results[1]?.previous?.at).toBe('t00');
    const [tracked] = await listTrackedJobs();
    expect(tracked?.readings).toBe(12);
    expect(tracked?.snapshots.map((s) => s.at)).toEqual(['t09', 't10', 't11']);
    expect((await listJobReadings('h')).map((s) => s.at)).toEqual(ats);
  });

  it('keeps the history of a long job to its last 500 readings', async () => {
    await replaceTrackedJobs([]);
    await addTrackedJob(job('long', '2026-01-01T00:00:00Z'));
    await Promise.all(
      Array.from({ length: 503 }, (_, i) =>
        recordSnapshot('long', { at: `t${i}`, status: 'running', progress: i }),
      ),
    );
    const history = await listJobReadings('long');
    expect(history).toHaveLength(500);
    expect(history[0]?.at).toBe('t3');
    expect(history.at(-1)?.at).toBe('t502');
    expect((await listTrackedJobs())[0]?.readings).toBe(503);
  });

  it('removes a job’s history with the job, and starts a job added with readings from them', async () => {
    await replaceTrackedJobs([]);
    await addTrackedJob({
      ...job('g', '2026-01-01T00:00:00Z'),
      snapshots: [{ at: 't1', status: 'running', progress: 1 }],
    });
    await recordSnapshot('g', { at: 't2', status: 'running', progress: 2 });
    expect((await listJobReadings('g')).map((s) => s.at)).toEqual(['t1', 't2']);
    await removeTrackedJobs(['g']);
    expect(await listJobReadings('g')).toEqual([]);
  });
});
