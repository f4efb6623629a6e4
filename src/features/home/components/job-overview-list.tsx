import { Link } from '@tanstack/react-router';
import { StatusBadge } from '../../../components/job-status-badge';
import { kindLabels, statusLabels } from '../../../lib/job-status';
import { relativeTime } from '../../../lib/relative-time';
import type { JobOverview } from '../job-overview';
import { jobLinkClass } from './job-link-class';

/** The jobs worth checking on: counts per status, the running, queued and newest ones. */
export function JobOverviewList({ overview, now }: { overview: JobOverview; now: number }) {
  return (
    <div className="space-y-4">
      <ul aria-label="Jobs by status" className="flex flex-wrap gap-2">
        {overview.counts.map(({ status, count }) => (
          <li
            key={status}
            className="rounded-lg bg-zinc-100 px-2.5 py-1 text-sm tabular-nums dark:bg-zinc-800"
          >
            <span className="font-semibold">{count}</span> {statusLabels[status].toLowerCase()}
          </li>
        ))}
      </ul>
      <ul
        aria-label="Recent jobs"
        className="divide-y divide-zinc-200 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
      >
        {overview.recent.map((job) => (
          <li key={job.taskId} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
            <Link
              to="/jobs/$taskId"
              params={{ taskId: job.taskId }}
              className={`${jobLinkClass} min-w-0 flex-1 truncate`}
            >
              {job.name}
            </Link>
            <span className="text-xs text-zinc-600 dark:text-zinc-400">{kindLabels[job.kind]}</span>
            <StatusBadge status={job.status} />
            {job.progress !== undefined && (
              <span className="text-xs text-zinc-600 tabular-nums dark:text-zinc-400">
                {job.progress}%
              </span>
            )}
            <time dateTime={job.createdAt} className="text-xs text-zinc-600 dark:text-zinc-400">
              {relativeTime(job.createdAt, now)}
            </time>
          </li>
        ))}
      </ul>
      <Link to="/jobs" search={{}} className={`${jobLinkClass} inline-block text-sm`}>
        All {overview.total} jobs
      </Link>
    </div>
  );
}
