import { useSyncExternalStore } from 'react';
import { createStore, del, delMany, setMany, update, values, type UseStore } from 'idb-keyval';
import type { TrainingJob } from '../api/contract/training';

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
  snapshots: JobSnapshot[];
  /** The last status body read, so costs, asset and error show without asking the API again. */
  latest?: TrainingJob;
}

/** What recordSnapshot did: whether it appended, and the reading it followed (to spot transitions). */
export interface RecordResult {
  appended: boolean;
  previous: JobSnapshot | undefined;
}

/** Enough for a progress chart of a long job without letting one job grow without bound. */
const maxSnapshots = 500;

let store: UseStore | null = null;
const jobsStore = () => (store ??= createStore('media-studio-jobs', 'tracked-jobs'));

const channel =
  typeof BroadcastChannel === 'undefined'
    ? null
    : new BroadcastChannel('media-studio.tracked-jobs');
const listeners = new Set<() => void>();
let jobs: TrackedJob[] = [];
let loading: Promise<void> | null = null;

function newestFirst(a: TrackedJob, b: TrackedJob) {
  return b.created_at.localeCompare(a.created_at);
}

async function reload(): Promise<void> {
  jobs = ((await values(jobsStore())) as TrackedJob[]).sort(newestFirst);
  listeners.forEach((listener) => listener());
}

/** After a write here: refresh this tab, and tell the other tabs to refresh theirs. */
async function changed(): Promise<void> {
  await reload();
  channel?.postMessage('changed');
}

channel?.addEventListener('message', () => void reload());

/**
 * One job changed here: swap it in the list instead of reading every job back from IndexedDB.
 * With hundreds of jobs polled, a full reload per reading kept the main thread busy and left a
 * new copy of every job (snapshots included) for the collector each time; now only the changed
 * job is a new object, so the cards of the others can skip rendering. Other tabs still reload.
 */
function replaceInMemory(job: TrackedJob): void {
  const index = jobs.findIndex((entry) => entry.task_id === job.task_id);
  if (index < 0) return void changed();
  jobs = jobs.with(index, job);
  listeners.forEach((listener) => listener());
  channel?.postMessage('changed');
}

export function listTrackedJobs(): Promise<TrackedJob[]> {
  return (loading ??= reload()).then(() => jobs);
}

export async function addTrackedJob(
  job: Omit<TrackedJob, 'snapshots'> & { snapshots?: JobSnapshot[] },
): Promise<void> {
  await update<TrackedJob>(
    job.task_id,
    (existing) => existing ?? { ...job, snapshots: job.snapshots ?? [] },
    jobsStore(),
  );
  await changed();
}

export async function removeTrackedJobs(taskIds: string[]): Promise<void> {
  if (taskIds.length === 1 && taskIds[0]) await del(taskIds[0], jobsStore());
  else await delMany(taskIds, jobsStore());
  await changed();
}

/**
 * Appends a reading when it differs from the last one, so a quiet job does not fill the store.
 * The check and the write share one transaction, so when several tabs record the same change
 * only one of them sees `appended` (and notifies).
 */
export async function recordSnapshot(
  taskId: string,
  snapshot: JobSnapshot,
  latest?: TrainingJob,
): Promise<RecordResult> {
  let appended = false;
  let previous: JobSnapshot | undefined;
  let written: TrackedJob | undefined;
  await update<TrackedJob | undefined>(
    taskId,
    (job) => {
      if (!job) return job;
      const last = job.snapshots.at(-1);
      previous = last;
      if (
        last &&
        last.status === snapshot.status &&
        last.progress === snapshot.progress &&
        last.current_step === snapshot.current_step
      ) {
        return job;
      }
      appended = true;
      written = {
        ...job,
        snapshots: [...job.snapshots, snapshot].slice(-maxSnapshots),
        latest: latest ?? job.latest,
      };
      return written;
    },
    jobsStore(),
  );
  if (appended && written) replaceInMemory(written);
  return { appended, previous };
}

/** Replaces the whole list, e.g. when importing; kept for tests and tools. */
export async function replaceTrackedJobs(next: TrackedJob[]): Promise<void> {
  await delMany(
    jobs.map((job) => job.task_id),
    jobsStore(),
  );
  await setMany(
    next.map((job) => [job.task_id, job]),
    jobsStore(),
  );
  await changed();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  void (loading ??= reload());
  return () => listeners.delete(listener);
}

/** The tracked jobs, newest first, live: updates from this tab and every other open tab. */
export function useTrackedJobs(): TrackedJob[] {
  return useSyncExternalStore(
    subscribe,
    () => jobs,
    () => jobs,
  );
}
