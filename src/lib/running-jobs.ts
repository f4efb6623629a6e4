import { useMemo } from 'react';
import { useTrackedJobs, type TrackedJob } from './tracked-jobs';

/** Jobs whose latest reading says `running`. Queued jobs wait, so they are not counted. */
export function countRunningJobs(jobs: TrackedJob[]): number {
  return jobs.filter((job) => job.snapshots.at(-1)?.status === 'running').length;
}

/** Live count for the navigation badge and the tab title, from the tracked-jobs store. */
export function useRunningJobCount(): number {
  const jobs = useTrackedJobs();
  return useMemo(() => countRunningJobs(jobs), [jobs]);
}
