import { apiClient } from '../api/api-client';
import type { HistoryEntry } from '../api/contract/history';
import type { TrainingJob } from '../api/contract/training';
import {
  historySnapshot,
  noteHistoryEntry,
  removeHistoryEntry,
  subscribeHistory,
} from './server-history';
import type { JobSnapshot, TrackedJob, TrackedJobKind } from './tracked-jobs';

/**
 * The tracked jobs in gateway mode: the gateway's training history, as the board has always
 * read it. Loaded only in that mode, so the direct-mode pages never fetch the client for it.
 */
const asJob = new WeakMap<HistoryEntry, TrackedJob>();

/** The same entry object maps to the same job object, so unchanged cards skip rendering. */
export function toTrackedJob(entry: HistoryEntry): TrackedJob {
  let job = asJob.get(entry);
  if (!job) {
    job = {
      task_id: entry.id,
      kind: entry.kind as TrackedJobKind,
      name: entry.name,
      created_at: entry.created_at,
      snapshots: entry.readings,
      readings: entry.reading_count,
      stalled: entry.stalled,
      source: entry.source,
      started_by: entry.started_by,
      ...(entry.latest && { latest: entry.latest as TrainingJob }),
    };
    asJob.set(entry, job);
  }
  return job;
}

/**
 * Feeds `publish` with the gateway's training jobs now and on every change; resolves once
 * the first page is in (or failed), as the local store resolves once read.
 */
export function linkServerJobs(publish: (jobs: TrackedJob[]) => void): Promise<void> {
  let lastEntries: readonly HistoryEntry[] | null = null;
  return new Promise((resolve) => {
    const update = () => {
      const snapshot = historySnapshot('training');
      if (!snapshot.loaded) return;
      if (snapshot.entries !== lastEntries) {
        lastEntries = snapshot.entries;
        publish(snapshot.entries.map(toTrackedJob));
      }
      resolve();
    };
    subscribeHistory('training', update);
    update();
  });
}

/** Puts a job on everyone's board: the gateway follows it from now on. */
export async function addServerJob(
  job: Omit<TrackedJob, 'snapshots'> & { snapshots?: JobSnapshot[] },
): Promise<void> {
  await apiClient.importHistory({
    entries: [
      {
        id: job.task_id,
        kind: job.kind,
        name: job.name,
        params: { name: job.name },
        created_at: job.created_at,
        status: job.snapshots?.at(-1)?.status ?? job.latest?.status ?? 'queued',
        latest: (job.latest as Record<string, unknown> | undefined) ?? null,
        result: null,
        cost: null,
        error: null,
        readings: job.snapshots ?? [],
      },
    ],
  });
  noteHistoryEntry(await apiClient.historyEntry(job.task_id));
}

export async function removeServerJobs(taskIds: string[]): Promise<void> {
  for (const taskId of taskIds) await removeHistoryEntry(taskId);
}

export async function serverJobReadings(taskId: string): Promise<JobSnapshot[]> {
  return (await apiClient.historyEntry(taskId)).readings;
}
