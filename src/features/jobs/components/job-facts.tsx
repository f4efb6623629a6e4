import { committedCostOf } from '../../../api/contract/committed-cost';
import { describeErrorDetail } from '../../../api/contract/error-detail';
import type { JobTimes, JobView } from '../board-model';
import { formatCost, formatMs } from '../board-model';
import { safeHttpUrl } from '../../../lib/safe-url';

/** Elapsed, ETA and cost, as a definition list; only what applies to the job's state. */
export function JobFacts({ view, times }: { view: JobView; times: JobTimes }) {
  const { status } = view;
  // The same figure the usage page counts for this job (committed-cost.ts).
  const cost = committedCostOf(status, view.latest);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs whitespace-nowrap">
      <dt className="text-zinc-500 dark:text-zinc-400">Elapsed</dt>
      <dd className="tabular-nums">{formatMs(times.elapsedMs)}</dd>
      {status === 'running' && (
        <>
          <dt className="text-zinc-500 dark:text-zinc-400">ETA</dt>
          <dd className="tabular-nums">
            {times.remainingMs === null ? 'estimating…' : `~${formatMs(times.remainingMs)}`}
          </dd>
        </>
      )}
      {status === 'running' && cost !== null && (
        <>
          <dt className="text-zinc-500 dark:text-zinc-400">Cost so far</dt>
          <dd className="tabular-nums">{formatCost(cost)}</dd>
        </>
      )}
      {status === 'completed' && cost !== null && (
        <>
          <dt className="text-zinc-500 dark:text-zinc-400">Total cost</dt>
          <dd className="tabular-nums">{formatCost(cost)}</dd>
        </>
      )}
    </dl>
  );
}

export function AssetLink({ view }: { view: JobView }) {
  const href = view.status === 'completed' ? safeHttpUrl(view.latest?.asset_url) : null;
  if (!href) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer"
      className="text-sm font-medium text-brand-600 underline-offset-2 hover:underline max-md:inline-flex max-md:min-h-11 max-md:items-center dark:text-brand-100"
    >
      Download asset<span className="sr-only"> of {view.job.name}</span>
    </a>
  );
}

export function JobError({ view }: { view: JobView }) {
  if (view.status !== 'failed') return null;
  const error = view.latest?.error ? describeErrorDetail(view.latest.error) : null;
  return (
    <p
      data-testid="job-error"
      className="rounded-lg bg-red-50 px-3 py-2 text-xs break-words text-red-900 dark:bg-red-950/50 dark:text-red-100"
    >
      {error ? (
        <>
          <code className="font-semibold">{error.code}</code>: {error.message}
        </>
      ) : (
        'The job failed without a reason.'
      )}
    </p>
  );
}
