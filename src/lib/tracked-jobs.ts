import { useSyncExternalStore } from 'react';
import type { HistorySource, HistoryStarter } from '../api/contract/history';
import type { TrainingJob } from '../api/contract/training';
import { readConnection } from './connection-settings';
import { jobsStoreName, openJobsDb, result } from './tracked-jobs-db';
import { compareCodeUnits } from './compare-code-units';

/*
 * The read side of the tracked jobs: the one in-memory list every page renders, kept live
 * across tabs. The writes live in tracked-jobs-writes, so the first page loads without them.
 */

// The contract's trainingHistoryKinds, written out: importing that module here would put it in
// a chunk of its own on the first page (tracked-jobs.test.ts checks they agree).
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
   * The training start (src/features/training/starts) that made the job, in direct mode: a
   * start found again after its job was made is not sent a second time.
   */
  start_id?: string;
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
  /**
   * The signed-in person who started it (gateway mode with sign-in only); null or absent when
   * nobody signed in: open mode, an import, or this browser's own store in direct mode.
   */
  started_by?: HistoryStarter | null;
  /** The gateway's poller found it running without progress for long (gateway mode only). */
  stalled?: boolean;
}

type Message = { taskIds: string[] } | 'changed';
const channel =
  typeof BroadcastChannel === 'undefined'
    ? null
    : new BroadcastChannel('media-studio.tracked-jobs');
const listeners = new Set<() => void>();
let jobs: TrackedJob[] = [];
let loading: Promise<void> | null = null;
/** The list was read once: before that, an empty list means "not known yet", not "none". */
let read = false;

function newestFirst(a: TrackedJob, b: TrackedJob) {
  return compareCodeUnits(b.created_at, a.created_at);
}

function publish(next: TrackedJob[]) {
  jobs = next;
  read = true;
  listeners.forEach((listener) => listener());
}

/**
 * In gateway mode the gateway keeps the jobs for every browser; the module that reads them is
 * loaded only then. Direct mode keeps them here, in IndexedDB. The writes (tracked-jobs-writes)
 * use the same switch.
 */
export const gatewayMode = () => readConnection().mode === 'gateway';
let serverLink: Promise<void> | null = null;
export const serverJobs = () => import('./tracked-jobs-server');

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
export async function changed(): Promise<void> {
  await reload();
  channel?.postMessage('changed' satisfies Message);
}

/**
 * After readings were written here: show the written jobs in this tab, and tell the other
 * tabs to read back only those (see refresh).
 */
export async function changedJobs(written: ReadonlyMap<string, TrackedJob>): Promise<void> {
  // Only the changed jobs are new objects, so the cards of the others can skip rendering.
  if ([...written.keys()].every((id) => findTrackedJob(id))) {
    publish(jobs.map((job) => written.get(job.task_id) ?? job));
  } else {
    // Stored already: if this read fails, the next change reads the list again.
    await reload().catch(() => undefined);
  }
  channel?.postMessage({ taskIds: [...written.keys()] } satisfies Message);
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

const readOnce = () => read;

/** Whether the list has been read: until then the page shows it loading, not empty. */
export function useTrackedJobsRead(): boolean {
  return useSyncExternalStore(subscribe, readOnce, readOnce);
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
