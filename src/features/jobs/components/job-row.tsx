import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import { committedCostOf } from '../../../api/contract/committed-cost';
import { safeHttpUrl } from '../../../lib/safe-url';
import { formatCost, formatMs, type JobView } from '../board-model';
import { kindLabels } from '../job-state';
import { useJobTimes } from '../use-job-times';
import { JobProgress } from './job-progress';
import { StartedBy } from '../../../components/started-by';
import { StalledBadge, StatusBadge } from './status-badge';

/** What the job has committed, as the usage page counts it (committed-cost.ts). */
function cost(view: JobView): string {
  const amount = committedCostOf(view.status, view.latest);
  if (amount === null) return '—';
  return view.status === 'running' ? `${formatCost(amount)} so far` : formatCost(amount);
}

interface JobRowProps {
  view: JobView;
  /** Absent when the viewer may not remove the job (someone else started it): no Remove then. */
  onRemove?: (taskId: string) => void;
  /** The row's 1-based index in the whole table (the header is row 1). */
  rowIndex: number;
  /** For the virtualizer, which measures each row it renders. */
  measure: (row: HTMLTableRowElement | null) => void;
  dataIndex: number;
}

/** Memoized like the cards: a row renders again when its job changes or its clock ticks. */
export const JobRow = memo(function JobRow({
  view,
  onRemove,
  rowIndex,
  measure,
  dataIndex,
}: JobRowProps) {
  const times = useJobTimes(view);
  const asset = view.status === 'completed' ? safeHttpUrl(view.latest?.asset_url) : null;
  return (
    <tr ref={measure} data-index={dataIndex} aria-rowindex={rowIndex}>
      <td className="px-4 py-2 font-medium">
        <Link to="/jobs/$taskId" params={{ taskId: view.job.task_id }} className="hover:underline">
          {view.job.name}
        </Link>
      </td>
      <td className="px-4 py-2 text-zinc-600 dark:text-zinc-400">
        {kindLabels[view.job.kind]}
        {view.job.source === 'client' && ' · another client'}
        <StartedBy starter={view.job.started_by} />
      </td>
      <td className="px-4 py-2">
        <span className="flex gap-1">
          <StatusBadge status={view.status} />
          {times.stalled && <StalledBadge />}
        </span>
      </td>
      <td className="px-4 py-2">
        {view.status === 'failed' || view.column === 'unknown' ? (
          <span className="text-zinc-400">—</span>
        ) : (
          <JobProgress
            compact
            name={view.job.name}
            status={view.status}
            progress={view.progress}
            currentStep={view.currentStep}
            totalSteps={view.totalSteps}
          />
        )}
      </td>
      <td className="px-4 py-2 tabular-nums">{formatMs(times.elapsedMs)}</td>
      <td className="px-4 py-2 tabular-nums">{cost(view)}</td>
      <td className="px-4 py-2 text-right whitespace-nowrap">
        {asset && (
          <a
            href={asset}
            target="_blank"
            rel="noreferrer"
            className="mr-3 text-xs text-brand-600 hover:underline max-md:inline-flex max-md:min-h-11 max-md:items-center dark:text-brand-100"
          >
            Asset
          </a>
        )}
        {onRemove && (
          <button
            type="button"
            onClick={() => onRemove(view.job.task_id)}
            aria-label={`Remove ${view.job.name}`}
            className="text-xs text-zinc-500 hover:text-zinc-900 max-md:min-h-11 dark:text-zinc-400 dark:hover:text-white"
          >
            Remove
          </button>
        )}
      </td>
    </tr>
  );
});
