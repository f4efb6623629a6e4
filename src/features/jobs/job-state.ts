import { isTerminalTrainingStatus } from '../../api/contract/training-statuses';
import { jobStatus, unknownStatus } from '../../lib/job-status';
import type { JobSnapshot, TrackedJob } from '../../lib/tracked-jobs';

// Statuses, labels and the board's columns are shared with the home page.
export {
  boardStatus,
  boardStatuses,
  jobStatus,
  kindLabels,
  statusLabels,
  unknownStatus,
  type BoardStatus,
} from '../../lib/job-status';

/** Nothing more will change: finished (the one terminal definition) or unknown to the service. */
export function isSettledStatus(status: string): boolean {
  return isTerminalTrainingStatus(status) || status === unknownStatus;
}

/** The jobs the watcher polls: a job whose last reading is settled never gets a query again. */
export function jobsToWatch(jobs: readonly TrackedJob[]): TrackedJob[] {
  return jobs.filter((job) => !isSettledStatus(jobStatus(job)));
}

/** Both thresholds must hold: many polls rule out a slow tab, a minute rules out a fast poller. */
export const stallThreshold = { polls: 10, ms: 60_000 } as const;

/**
 * A running job is stalled when its progress and step have not moved for many polls and a
 * long time. `quiet`: at least stallThreshold.polls polls since the last reading that changed.
 */
export function isStalled(snapshots: JobSnapshot[], quiet: boolean, now: number): boolean {
  const last = snapshots.at(-1);
  if (!last || last.status !== 'running') return false;
  return quiet && now - Date.parse(last.at) >= stallThreshold.ms;
}

/**
 * Milliseconds left, from the progress rate seen while running, or null when there is no rate
 * yet. The rate starts at the last reading of the initial plateau (the input check keeps
 * progress at its first value), so the check's time does not slow the estimate down.
 */
export function estimateRemainingMs(snapshots: JobSnapshot[], now: number): number | null {
  const last = snapshots.at(-1);
  if (!last || last.status !== 'running' || last.progress === undefined) return null;
  const running = snapshots.filter((s) => s.status === 'running' && s.progress !== undefined);
  const firstProgress = running[0]?.progress ?? 0;
  const start = running.findLast((s) => s.progress === firstProgress);
  if (!start || start.progress === undefined) return null;
  const gained = last.progress - start.progress;
  const took = Date.parse(last.at) - Date.parse(start.at);
  if (gained <= 0 || took <= 0) return null;
  const remaining = ((100 - last.progress) * took) / gained - (now - Date.parse(last.at));
  return Math.max(0, remaining);
}

/** From tracking to now, or to the reading that settled the job. */
export function elapsedMs(job: TrackedJob, now: number): number {
  const start = Date.parse(job.created_at);
  const last = job.snapshots.at(-1);
  const end = last && isSettledStatus(last.status) ? Date.parse(last.at) : now;
  return Math.max(0, end - start);
}

/**
 * What a new reading is worth telling the user: only a change from a reading this app saw as
 * not finished. A job already finished (or never read) when the app loads gives no notice.
 */
export function transitionNotice(
  previous: JobSnapshot | undefined,
  nextStatus: string,
): 'completed' | 'failed' | null {
  if (!previous || isSettledStatus(previous.status)) return null;
  if (nextStatus === 'completed' || nextStatus === 'failed') return nextStatus;
  return null;
}
