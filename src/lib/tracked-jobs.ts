import { useSyncExternalStore } from 'react';
import type { HistorySource } from '../api/contract/history';
import type { TrainingJob } from '../api/contract/training';
import { readConnection } from './connection-settings';
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

export const trackedJobKinds = ['voice', 'music_lora', 'video_lora'] as const;
export type TrackedJobKind = (typeof trackedJobKinds)[number];

/** One status reading, kept so the job page can chart progress over time. */
export interface JobSnapshot {
  at: string;
  status: string;
  progress?: number;
  current_step?: number;
}

/**
 * A training job this browser watches. The API has no list endpoint, so the dashboard keeps
 * the task ids it created (or that the user added) here, in IndexedDB.
 */
export interface TrackedJob {
  task_id: string;
  kind: TrackedJobKind;
  name: string;
  created_at: string;
  /**
   * The latest readings, and the ones the ETA needs (see compactReadings): a constant size
   * however long the job runs. The whole history is read with listJobReadings.
   */
  snapshots: JobSnapshot[];
  /** How many readings were recorded so far; the history keeps the last 500 of them. */
  readings?: number;
  /** The last status body read, so costs, asset and error show without asking the API again. */
  latest?: TrainingJob;
  /** Who started it, as the gateway saw it (gateway mode only): this dashboard or another client. */
  source?: HistorySource;
  /** The gateway's poller found it running without progress for long (gateway mode only). */
  stalled?: boolean;
}

/** What recordSnapshot did: whether it appended, and the reading it followed (to spot transitions). */
export interface RecordResult {
  appended: boolean;
  previous: JobSnapshot | undefined;
}

/** Readings that arrive within this time are written in one transaction and shown in one render. */
const writeBatchMs = 100;

type Message = { taskIds: string[] } | 'changed';
const channel =
  typeof BroadcastChannel === 'undefined'
    ? null
    : new BroadcastChannel('media-studio.tracked-jobs');
const listeners = new Set<() => void>();
let jobs: TrackedJob[] = [];
let loading: Promise<void> | null = null;
let loaded = false;

function newestFirst(a: TrackedJob, b: TrackedJob) {
  return b.created_at.localeCompare(a.created_at);
}

function publish(next: TrackedJob[]) {
  jobs = next;
  loaded = true;
  listeners.forEach((listener) => listener());
}

/**
 * In gateway mode the gateway keeps the jobs for every browser; the module that reads them is
 * loaded only then. Direct mode keeps them here, in IndexedDB.
 */
const gatewayMode = () => readConnection().mode === 'gateway';
let serverLink: Promise<void> | null = null;
const serverJobs = () => import('./tracked-jobs-server');

async function reload(): Promise<void> {
  if (gatewayMode()) {
    serverLink ??= serverJobs().then((server) => server.linkServerJobs(publish));
    return serverLink;
  }
  publish(await listLocalTrackedJobs());
}

/** The jobs kept in this browser's IndexedDB, whatever the mode: direct mode's board, and the import. */
export async function listLocalTrackedJobs(): Promise<TrackedJob[]> {
  const db = await openJobsDb();
  const store = db.transaction(jobsStoreName, 'readonly').objectStore(jobsStoreName);
  const all = await result(store.getAll() as IDBRequest<(TrackedJob | undefined)[]>);
  return all.filter((job): job is TrackedJob => job !== undefined).sort(newestFirst);
}

/** After a write here: refresh this tab, and tell the other tabs to refresh theirs. */
async function changed(): Promise<void> {
  await reload();
  channel?.postMessage('changed' satisfies Message);
}

/**
 * Another tab recorded readings: read back only those jobs. A job this tab does not list (or
 * no longer stored) means the list itself changed, so that reads everything.
 */
async function refresh(taskIds: string[]): Promise<void> {
  const db = await openJobsDb();
  const store = db.transaction(jobsStoreName, 'readonly').objectStore(jobsStoreName);
  const read = await Promise.all(
    taskIds.map((id) => result(store.get(id) as IDBRequest<TrackedJob | undefined>)),
  );
  const byId = new Map(read.flatMap((job) => (job ? [[job.task_id, job] as const] : [])));
  if (byId.size !== taskIds.length || taskIds.some((id) => !findTrackedJob(id))) return reload();
  publish(jobs.map((job) => byId.get(job.task_id) ?? job));
}

channel?.addEventListener('message', (event: MessageEvent<Message>) => {
  const message = event.data;
  void (typeof message === 'object' && message ? refresh(message.taskIds) : reload());
});

export function listTrackedJobs(): Promise<TrackedJob[]> {
  return (loading ??= reload()).then(() => jobs);
}

/** The job as this tab last read it; undefined before the first read or when not tracked. */
export function findTrackedJob(taskId: string): TrackedJob | undefined {
  return jobs.find((job) => job.task_id === taskId);
}

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
  const last = loaded ? findTrackedJob(taskId)?.snapshots.at(-1) : undefined;
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
  if (written.size > 0) {
    // Only the changed jobs are new objects, so the cards of the others can skip rendering.
    if ([...written.keys()].every((id) => findTrackedJob(id))) {
      publish(jobs.map((job) => written.get(job.task_id) ?? job));
    } else {
      // Stored already: if this read fails, the next change reads the list again.
      await reload().catch(() => undefined);
    }
    channel?.postMessage({ taskIds: [...written.keys()] } satisfies Message);
  }
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

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  void (loading ??= reload());
  return () => listeners.delete(listener);
}

const readJobs = () => jobs;

/** The tracked jobs, newest first, live: updates from this tab and every other open tab. */
export function useTrackedJobs(): TrackedJob[] {
  return useSyncExternalStore(subscribe, readJobs, readJobs);
}

/** A value derived from the list, recomputed when the list changes; see useTrackedJobsSelection. */
export interface TrackedJobsSelection<T> {
  read: () => T;
}

/**
 * Derives `select(jobs)` once per change of the list, and keeps the previous value while
 * `isEqual` says nothing changed, so a component using it renders only when its value does.
 */
export function selectTrackedJobs<T>(
  select: (jobs: readonly TrackedJob[]) => T,
  isEqual: (a: T, b: T) => boolean = Object.is,
): TrackedJobsSelection<T> {
  let source: TrackedJob[] | null = null;
  let value: T;
  return {
    read() {
      if (source !== jobs) {
        const next = select(jobs);
        if (source === null || !isEqual(value, next)) value = next;
        source = jobs;
      }
      return value;
    },
  };
}

export function useTrackedJobsSelection<T>(selection: TrackedJobsSelection<T>): T {
  return useSyncExternalStore(subscribe, selection.read, selection.read);
}
