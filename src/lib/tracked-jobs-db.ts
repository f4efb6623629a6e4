import { compactReadings } from '../api/contract/readings';
import { cachedOpener, done, result } from './idb';
import type { TrackedJob } from './tracked-jobs';
import { localHistoryDatabases } from './local-history-databases';

/**
 * The IndexedDB behind the tracked jobs. Version 1 (idb-keyval) kept each job with its whole
 * reading history in one record, so every poll cloned up to 500 readings to write one more.
 * Version 2 keeps the history apart, one record per reading, appended and never rewritten.
 */
const dbName = localHistoryDatabases.jobs;
const version = 2;
export const jobsStoreName = 'tracked-jobs';
/** Keys `[task_id, n]`: the n-th reading recorded for the job, so a job's range reads in order. */
export const readingsStoreName = 'job-readings';

/** Enough for a progress chart of a long job without letting one job grow without bound. */
export const maxReadings = 500;

export const readingKey = (taskId: string, n: number): IDBValidKey => [taskId, n];
export const readingsOf = (taskId: string) =>
  IDBKeyRange.bound([taskId, 0], [taskId, Number.POSITIVE_INFINITY]);

export const openJobsDb = cachedOpener(dbName, version, (request) => {
  const db = request.result;
  if (!db.objectStoreNames.contains(jobsStoreName)) db.createObjectStore(jobsStoreName);
  if (!db.objectStoreNames.contains(readingsStoreName)) {
    db.createObjectStore(readingsStoreName);
    moveHistories(request.transaction!);
  }
});

/** Version 1 → 2: each job's inline history goes to the readings store, the record keeps a few. */
function moveHistories(tx: IDBTransaction) {
  const jobs = tx.objectStore(jobsStoreName);
  const readings = tx.objectStore(readingsStoreName);
  jobs.openCursor().onsuccess = function () {
    const cursor = this.result;
    if (!cursor) return;
    const job = cursor.value as TrackedJob | undefined;
    if (job && Array.isArray(job.snapshots)) {
      const kept = job.snapshots.slice(-maxReadings);
      const first = job.snapshots.length - kept.length;
      kept.forEach((snapshot, i) => readings.put(snapshot, readingKey(job.task_id, first + i)));
      cursor.update({
        ...job,
        snapshots: compactReadings(job.snapshots),
        readings: job.snapshots.length,
      });
    } else {
      // idb-keyval's update() could leave `undefined` under the key of a removed job.
      cursor.delete();
    }
    cursor.continue();
  };
}

// The browser's store and the gateway's compact readings alike.
export { compactReadings };

export { done, result };
