import { Link } from '@tanstack/react-router';
import { memo, useRef } from 'react';
import clsx from 'clsx';
import { CopyButton } from '../../../components/copy-button';
import type { JobView } from '../board-model';
import { kindLabels } from '../job-state';
import { useFlash } from '../use-flash';
import { useFocusFollows } from '../use-focus-follows';
import { useJobTimes } from '../use-job-times';
import { AssetLink, JobError, JobFacts } from './job-facts';
import { JobProgress } from './job-progress';
import { StartedBy } from '../../../components/started-by';
import { StalledBadge, StatusBadge } from './status-badge';

interface JobCardProps {
  view: JobView;
  /** Absent when the viewer may not remove the job (someone else started it): no Remove then. */
  onRemove?: (taskId: string) => void;
  /** 1-based place in its column of `setSize`: the column renders only the cards in view. */
  posInSet?: number;
  setSize?: number;
}

/**
 * Memoized: with hundreds of jobs, only the cards whose view changed render again, and the
 * clock renders only the cards of jobs still running or queued.
 */
export const JobCard = memo(function JobCard({ view, onRemove, posInSet, setSize }: JobCardProps) {
  const { job, status } = view;
  const times = useJobTimes(view);
  const flash = useFlash(status);
  const headingId = `job-${job.task_id}`;
  // A card moves to another column as its job's status changes: the focus goes with it.
  const card = useRef<HTMLElement>(null);
  useFocusFollows(job.task_id, card);
  const showProgress = status === 'queued' || status === 'running' || status === 'completed';
  return (
    <article
      ref={card}
      aria-labelledby={headingId}
      aria-posinset={posInSet}
      aria-setsize={setSize}
      className={clsx(
        'flex flex-col gap-3 rounded-xl border bg-white p-4 shadow-xs transition-shadow duration-500 dark:bg-zinc-900',
        flash
          ? 'border-brand-500 ring-4 ring-brand-100 dark:ring-brand-700/40'
          : 'border-zinc-200 dark:border-zinc-800',
      )}
    >
      <header className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="truncate text-sm font-semibold">
            <Link
              to="/jobs/$taskId"
              params={{ taskId: job.task_id }}
              className="hover:text-brand-600 hover:underline dark:hover:text-brand-100"
            >
              {job.name}
            </Link>
          </h3>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">
            {kindLabels[job.kind]}
            {job.source === 'client' && ' · started by another client'}
          </p>
          <StartedBy starter={job.started_by} />
        </div>
        <div className="flex shrink-0 flex-wrap justify-end gap-1">
          {times.stalled && <StalledBadge />}
          <StatusBadge status={status} />
        </div>
      </header>
      <div className="flex min-w-0 items-center gap-1 text-xs text-zinc-500 dark:text-zinc-400">
        <code className="truncate" title={job.task_id}>
          {job.task_id}
        </code>
        <CopyButton value={job.task_id} label={`task id of ${job.name}`} />
      </div>
      {showProgress && (
        <JobProgress
          name={job.name}
          status={status}
          progress={view.progress}
          currentStep={view.currentStep}
          totalSteps={view.totalSteps}
        />
      )}
      <JobError view={view} />
      {view.column === 'unknown' && (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          The service does not know this task id (404). It is no longer polled.
        </p>
      )}
      <JobFacts view={view} times={times} />
      <div className="mt-auto flex items-center justify-between gap-2 border-t border-zinc-100 pt-2 dark:border-zinc-800">
        <AssetLink view={view} />
        {onRemove && (
          <button
            type="button"
            onClick={() => onRemove(job.task_id)}
            aria-label={`Remove ${job.name}`}
            className="ml-auto rounded-md px-2 py-1 text-xs text-zinc-500 max-md:min-h-11 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-white"
          >
            Remove
          </button>
        )}
      </div>
    </article>
  );
});
