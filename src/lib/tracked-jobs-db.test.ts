import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobSnapshot } from './tracked-jobs';
import { compactReadings } from './tracked-jobs-db';
import { inDirectMode } from '../test/direct-mode';

const reading = (at: string, status: string, progress?: number): JobSnapshot => ({
  at,
  status,
  ...(progress !== undefined && { progress }),
});

inDirectMode();

describe('compactReadings', () => {
  it('keeps the last three, the first running reading and the last one at its progress', () => {
    const history = [
      reading('q', 'queued', 0),
      reading('r0', 'running', 0),
      reading('r1', 'running', 0),
      reading('r2', 'running', 5),
      reading('r3', 'running', 10),
      reading('r4', 'running', 15),
      reading('r5', 'running', 20),
    ];
    expect(compactReadings(history).map((s) => s.at)).toEqual(['r0', 'r1', 'r3', 'r4', 'r5']);
    expect(compactReadings(history.slice(0, 2)).map((s) => s.at)).toEqual(['q', 'r0']);
  });
});

/** What version 1 of the app (idb-keyval) stored: every reading inline in the job record. */
function seedVersion1(records: object[]) {
  return new Promise<void>((done, fail) => {
    const open = indexedDB.open('media-studio-jobs');
    open.onupgradeneeded = () => open.result.createObjectStore('tracked-jobs');
    open.onerror = () => fail(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction('tracked-jobs', 'readwrite');
      records.forEach((record, i) =>
        tx.objectStore('tracked-jobs').put(record, (record as { task_id?: string }).task_id ?? i),
      );
      tx.oncomplete = () => {
        db.close();
        done();
      };
    };
  });
}

describe('upgrade from one record per job', () => {
  beforeEach(() => {
    vi.stubGlobal('indexedDB', new IDBFactory());
    vi.resetModules();
  });

  it('moves each inline history to the readings store and compacts the job', async () => {
    const snapshots = Array.from({ length: 8 }, (_, i) => reading(`t${i}`, 'running', i * 10));
    await seedVersion1([
      { task_id: 'a', kind: 'voice', name: 'a', created_at: '2026-01-01T00:00:00Z', snapshots },
      { task_id: 'b', kind: 'voice', name: 'b', created_at: '2026-01-02T00:00:00Z', snapshots: [] },
    ]);
    // Fresh modules (see beforeEach): the store opens the seeded database, so it upgrades it.
    const { listTrackedJobs } = await import('./tracked-jobs');
    const { listJobReadings, recordSnapshot } = await import('./tracked-jobs-writes');
    const jobs = await listTrackedJobs();
    expect(jobs.map((job) => job.task_id)).toEqual(['b', 'a']);
    expect(jobs[1]?.readings).toBe(8);
    expect(jobs[1]?.snapshots.map((s) => s.at)).toEqual(['t0', 't5', 't6', 't7']);
    expect((await listJobReadings('a')).map((s) => s.at)).toEqual(snapshots.map((s) => s.at));
    // Readings go on from where the old history ended.
    await recordSnapshot('a', reading('t8', 'running', 80));
    expect((await listJobReadings('a')).map((s) => s.at).at(-1)).toBe('t8');
    expect((await listTrackedJobs())[1]?.readings).toBe(9);
  });
});
