import {
  focusManager,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { apiClient } from '../../api/api-client';
import { getTrainingStatus } from '../../api/contract/endpoint-routes';
import type { TrainingJob, TrainingStatusResponse } from '../../api/contract/training';
import { isTerminalTrainingStatus } from '../../api/contract/training-statuses';
import { createConcurrencyLimit } from '../../lib/concurrency-limit';
import {
  listTrackedJobs,
  trackedJobKinds,
  type JobSnapshot,
  type TrackedJobKind,
} from '../../lib/tracked-jobs';
import { addTrackedJob, listJobReadings, removeTrackedJobs } from '../../lib/tracked-jobs-writes';
import { jobRefetchInterval, untilNextPoll } from './polling';

/**
 * Status requests app-wide, in flight at once. Hundreds of tracked jobs then cost a steady
 * trickle of requests instead of a burst the service would answer with 429.
 */
export const statusLimit = createConcurrencyLimit(4);

/** Consecutive failed polls per task id, for the backoff (React Query resets its own count per fetch). */
const failures = new Map<string, number>();
/** When each task's last poll started, so its cadence does not drift by each answer's time. */
const startedAt = new Map<string, number>();

async function fetchStatus(taskId: string, signal: AbortSignal): Promise<TrainingStatusResponse> {
  startedAt.set(taskId, Date.now());
  try {
    // No retries in the client: a retry would hold a slot of the limit while it sleeps, and
    // the next poll is the retry, spaced by jobRefetchInterval.
    const response = await statusLimit.run(
      () =>
        apiClient.call(getTrainingStatus, { params: { task_id: taskId } }, { signal, retries: 0 }),
      signal,
    );
    failures.delete(taskId);
    return response;
  } catch (error) {
    failures.set(taskId, (failures.get(taskId) ?? 0) + 1);
    throw error;
  }
}

function isFinished(data: TrainingStatusResponse | undefined): boolean {
  return data !== undefined && isTerminalTrainingStatus(data.data.status);
}

export const jobQueries = {
  all: () => ['jobs'] as const,
  statuses: () => [...jobQueries.all(), 'status'] as const,
  /**
   * One job's status. Polled by its own data, every interval from the last poll's start; a
   * new poll never starts before the last returned.
   */
  status: (taskId: string) =>
    queryOptions({
      queryKey: [...jobQueries.statuses(), taskId] as const,
      queryFn: ({ signal }) => fetchStatus(taskId, signal),
      // Fresh until finished, so focusing the tab catches up at once; a finished job never changes.
      staleTime: (query) => (isFinished(query.state.data) ? Infinity : 0),
      refetchInterval: (query) => {
        const interval = jobRefetchInterval(query.state, failures.get(taskId) ?? 0);
        if (interval === false) startedAt.delete(taskId);
        // A backoff counts from the failure; while a poll runs, its answer sets the next timer.
        if (interval === false || query.state.status === 'error') return interval;
        if (query.state.fetchStatus === 'fetching') return interval;
        // A hidden tab does not poll, so its timers need not run at the catching-up pace.
        if (!focusManager.isFocused()) return interval;
        return untilNextPoll(interval, startedAt.get(taskId), Date.now());
      },
      // A hidden tab does not poll; focus refetches what went stale meanwhile.
      refetchIntervalInBackground: false,
    }),
  /**
   * Everyone who started a training job on the gateway (gateway mode only): the "Started by"
   * filter's choices. A person new since is added from the board's own jobs (starterOptions),
   * so this is read once a minute at most.
   */
  people: () =>
    queryOptions({
      queryKey: [...jobQueries.all(), 'people'] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.historyPeople({ kind: trackedJobKinds.join(',') }, { signal })).people,
      staleTime: 60_000,
    }),
  /**
   * A job's readings as this browser recorded them (IndexedDB, not the API). `count` is the
   * job's TrackedJob.readings, so each new reading is a new key; the last list shows meanwhile.
   */
  readings: (taskId: string, count: number) =>
    queryOptions({
      queryKey: [...jobQueries.all(), 'readings', taskId, count] as const,
      queryFn: () => listJobReadings(taskId),
      staleTime: Infinity,
      // Up to 500 readings each: only the one on screen is worth keeping.
      gcTime: 0,
      placeholderData: keepPreviousData,
    }),
};

export function toSnapshot(job: TrainingJob, at: string): JobSnapshot {
  return {
    at,
    status: job.status,
    progress: job.progress,
    ...(job.current_step !== undefined && { current_step: job.current_step }),
  };
}

export interface TrackJobInput {
  taskId: string;
  kind: TrackedJobKind;
}

/** Adds an existing task id to the board: one status read gives its name and first snapshot. */
export function useTrackJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ taskId, kind }: TrackJobInput) => {
      const existing = (await listTrackedJobs()).find((job) => job.task_id === taskId);
      if (existing) return { job: existing, alreadyTracked: true };
      const response = await queryClient.fetchQuery(jobQueries.status(taskId));
      const now = new Date().toISOString();
      const job = {
        task_id: taskId,
        kind,
        name: response.data.name,
        created_at: now,
        snapshots: [toSnapshot(response.data, now)],
        latest: response.data,
      };
      await addTrackedJob(job);
      return { job, alreadyTracked: false };
    },
  });
}

export function useRemoveJobs() {
  return useMutation({ mutationFn: (taskIds: string[]) => removeTrackedJobs(taskIds) });
}
