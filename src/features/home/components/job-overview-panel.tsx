import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import type { JobOverview } from '../job-overview';
import { jobLinkClass } from './job-link-class';

/**
 * The list of jobs (with its status badges and times) loads once there are jobs to list: a new
 * account's first page never needs it, and the others fetch it while the jobs are being read.
 */
const JobOverviewList = lazy(() =>
  import('./job-overview-list').then((m) => ({ default: m.JobOverviewList })),
);

/** Training jobs at a glance: counts per status and the jobs worth checking on. */
export function JobOverviewPanel({
  overview,
  now,
  read,
  shared = false,
}: {
  overview: JobOverview;
  now: number;
  /** The jobs have been read: until then no count, not even zero, is known. */
  read: boolean;
  /** The jobs are the gateway's, seen by every browser (else this browser's own). */
  shared?: boolean;
}) {
  const reading = <p className="text-sm text-zinc-600 dark:text-zinc-400">Reading jobs…</p>;
  if (!read && overview.total === 0) return reading;
  if (overview.total === 0) {
    return (
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {shared ? 'No training jobs yet.' : 'No training jobs in this browser yet.'}{' '}
        <Link to="/train" search={{ form: 'voice' }} className={jobLinkClass}>
          Train a voice
        </Link>{' '}
        or{' '}
        <Link to="/jobs" search={{}} className={jobLinkClass}>
          track a job by its task ID
        </Link>
        .
      </p>
    );
  }
  return (
    <Suspense fallback={reading}>
      <JobOverviewList overview={overview} now={now} />
    </Suspense>
  );
}
