import type { TrainingJob } from '../api/contract/training';
import {
  changed,
  changedJobs,
  findTrackedJob,
  gatewayMode,
  serverJobs,
  type JobSnapshot,
  type TrackedJob,
} from './tracked-jobs';
import {
  compactReadings,
  done,
  jobsStoreName,
  maxReadings,
  openJobsDb,
  readingKey,
  readingsOf,
  readingsStoreName,
  result,
} from './tracked-jobs-db';

/*
 * The write side of the tracked jobs. It updates the one list that tracked-jobs holds, and is
 * loaded only by the pages and tasks that write, so the first page does not carry it.
 */

/** What recordSnapshot did: whether it appended, and the reading it followed (to spot transitions). */
export interface RecordResult {
  appended: boolean;
  previous: JobSnapshot | undefined;
}

/** Readings that arrive within this time are written in one transaction and shown in one render. */
const writeBatchMs = 100;

/** Writes a job record with `history` as its readings, oldest first. */
function putJob(tx: IDBTransaction, job: TrackedJob, history: readonly JobSnapshot[]) {
  const kept = history.slice(-maxReadings);
  const offset = history.length - kept.length;
  const readings = tx.objectStore(readingsStoreName);
  kept.forEach((snapshot, i) => readings.put(snapshot, readingKey(job.task_id, offset + i)));
  tx.objectStore(jobsStoreName).put(
    { ...job, snapshots: compactReadings(history), readings: history.length },
    job.task_id,
  );
}

export async function addTrackedJob(
  job: Omit<TrackedJob, 'snapshots'> & { snapshots?: JobSnapshot[] },
): Promise<void> {
  if (gatewayMode()) return (await serverJobs()).addServerJob(job);
  const db = await openJobsDb();
  const tx = db.transaction([jobsStoreName, readingsStoreName], 'readwrite');
  tx.objectStore(jobsStoreName).getKey(job.task_id).onsuccess = function () {
    if (this.result === undefined) putJob(tx, { ...job, snapshots: [] }, job.snapshots ?? []);
  };
  await done(tx);
  await changed();
}

export async function removeTrackedJobs(taskIds: string[]): Promise<void> {
  if (gatewayMode()) return (await serverJobs()).removeServerJobs(taskIds);
  const db = await openJobsDb();
  const tx = db.transaction([jobsStoreName, readingsStoreName], 'readwrite');
  for (const taskId of taskIds) {
    tx.objectStore(jobsStoreName).delete(taskId);
    tx.objectStore(readingsStoreName).delete(readingsOf(taskId));
  }
  await done(tx);
  await changed();
}

/** Every reading kept for a job (the last 500), oldest first: the job page's chart and table. */
export async function listJobReadings(taskId: string): Promise<JobSnapshot[]> {
  if (gatewayMode()) return (await serverJobs()).serverJobReadings(taskId);
  return listLocalJobReadings(taskId);
}

/** The readings kept in this browser for a job, whatever the mode. */
export async function listLocalJobReadings(taskId: string): Promise<JobSnapshot[]> {
  const db = await openJobsDb();
  const store = db.transaction(readingsStoreName, 'readonly').objectStore(readingsStoreName);
  return result(store.getAll(readingsOf(taskId)) as IDBRequest<JobSnapshot[]>);
}

const sameReading = (a: JobSnapshot | undefined, b: JobSnapshot) =>
  a !== undefined &&
  a.status === b.status &&
  a.progress === b.progress &&
  a.current_step === b.current_step;

interface PendingReading {
  taskId: string;
  snapshot: JobSnapshot;
  latest: TrainingJob | undefined;
  settle: (outcome: RecordResult | Error) => void;
}

let pending: PendingReading[] = [];
let flushTimer: ReturnType<typeof setTimeout> | null = null;
/** Jobs with a reading waiting or being written: this tab's copy of them may be behind. */
const unsettled = new Set<string>();

/**
 * Appends a reading when it differs from the last one, so a quiet job does not fill the store.
 * The check and the write share one transaction, so when several tabs record the same change
 * only one of them sees `appended` (and notifies). A reading this tab already holds as the
 * last one is not written at all; the others are batched (see writeBatchMs).
 */
export function recordSnapshot(
  taskId: string,
  snapshot: JobSnapshot,
  latest?: TrainingJob,
): Promise<RecordResult> {
  const last = findTrackedJob(taskId)?.snapshots.at(-1);
  // The gateway records what its poller reads; a reading seen here adds nothing to it.
  if (gatewayMode()) return Promise.resolve({ appended: false, previous: last });
  if (sameReading(last, snapshot) && !unsettled.has(taskId)) {
    return Promise.resolve({ appended: false, previous: last });
  }
  unsettled.add(taskId);
  return new Promise((resolve, reject) => {
    pending.push({
      taskId,
      snapshot,
      latest,
      settle: (outcome) => (outcome instanceof Error ? reject(outcome) : resolve(outcome)),
    });
    flushTimer ??= setTimeout(() => void flush(), writeBatchMs);
  });
}

async function flush(): Promise<void> {
  flushTimer = null;
  const batch = pending;
  pending = [];
  const outcomes = new Map<PendingReading, RecordResult>();
  const written = new Map<string, TrackedJob>();
  try {
    const db = await openJobsDb();
    const tx = db.transaction([jobsStoreName, readingsStoreName], 'readwrite');
    const store = tx.objectStore(jobsStoreName);
    const readings = tx.objectStore(readingsStoreName);
    const byTask = new Map<string, PendingReading[]>();
    for (const entry of batch) {
      const entries = byTask.get(entry.taskId);
      if (entries) entries.push(entry);
      else byTask.set(entry.taskId, [entry]);
    }
    for (const [taskId, entries] of byTask) {
      store.get(taskId).onsuccess = function () {
        let job = this.result as TrackedJob | undefined;
        for (const entry of entries) {
          const previous = job?.snapshots.at(-1);
          if (!job || sameReading(previous, entry.snapshot)) {
            outcomes.set(entry, { appended: false, previous });
            continue;
          }
          // Append-only: one new record, and the oldest dropped once the job has too many.
          const n = job.readings ?? job.snapshots.length;
          readings.put(entry.snapshot, readingKey(taskId, n));
          if (n >= maxReadings) readings.delete(readingKey(taskId, n - maxReadings));
          job = {
            ...job,
            snapshots: compactReadings([...job.snapshots, entry.snapshot]),
            readings: n + 1,
            latest: entry.latest ?? job.latest,
          };
          outcomes.set(entry, { appended: true, previous });
        }
        if (job && job !== this.result) {
          store.put(job, taskId);
          written.set(taskId, job);
        }
      };
    }
    await done(tx);
  } catch (error) {
    settle(batch, () => (error instanceof Error ? error : new Error(String(error))));
    return;
  }
  if (written.size > 0) await changedJobs(written);
  settle(batch, (entry) => outcomes.get(entry) ?? { appended: false, previous: undefined });
}

function settle(batch: PendingReading[], outcome: (entry: PendingReading) => RecordResult | Error) {
  for (const entry of batch) {
    if (!pending.some((next) => next.taskId === entry.taskId)) unsettled.delete(entry.taskId);
    entry.settle(outcome(entry));
  }
}

/** Replaces the whole list, e.g. when importing; kept for tests and tools. */
export async function replaceTrackedJobs(next: TrackedJob[]): Promise<void> {
  const db = await openJobsDb();
  const tx = db.transaction([jobsStoreName, readingsStoreName], 'readwrite');
  tx.objectStore(jobsStoreName).clear();
  tx.objectStore(readingsStoreName).clear();
  for (const job of next) putJob(tx, job, job.snapshots);
  await done(tx);
  await changed();
}
