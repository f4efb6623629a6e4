import { selectTrackedJobs, useTrackedJobsSelection, type TrackedJob } from './tracked-jobs';

/** Jobs whose latest reading says `running`. Queued jobs wait, so they are not counted. */
export function countRunningJobs(jobs: readonly TrackedJob[]): number {
  return jobs.filter((job) => job.snapshots.at(-1)?.status === 'running').length;
}

const runningCount = selectTrackedJobs(countRunningJobs);

/**
 * Live count for the navigation badge and the tab title. Its users render when the count
 * changes, not on every reading of a running job.
 */
export function useRunningJobCount(): number {
  return useTrackedJobsSelection(runningCount);
}
