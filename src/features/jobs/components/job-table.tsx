import { Link } from '@tanstack/react-router';
import type { JobView } from '../board-model';
import { formatCost, formatMs } from '../board-model';
import { safeHttpUrl } from '../../../lib/safe-url';
import { kindLabels } from '../job-state';
import { JobProgress } from './job-progress';
import { StalledBadge, StatusBadge } from './status-badge';

interface JobTableProps {
  views: JobView[];
  onRemove: (taskId: string) => void;
}

function cost(view: JobView): string {
  if (view.status === 'completed' && view.latest?.total_cost !== undefined)
    return formatCost(view.latest.total_cost);
  if (view.status === 'running' && view.latest?.cost_estimate !== undefined)
    return `${formatCost(view.latest.cost_estimate)} so far`;
  return '—';
}

/** The compact view: one row per job. */
export function JobTable({ views, onRemove }: JobTableProps) {
  return (
    <div className="overflow-x-auto rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-zinc-200 text-xs text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
          <tr>
            <th className="px-4 py-2 font-medium">Name</th>
            <th className="px-4 py-2 font-medium">Kind</th>
            <th className="px-4 py-2 font-medium">Status</th>
            <th className="px-4 py-2 font-medium">Progress</th>
            <th className="px-4 py-2 font-medium">Elapsed</th>
            <th className="px-4 py-2 font-medium">Cost</th>
            <th className="px-4 py-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {views.map((view) => {
            const asset = view.status === 'completed' ? safeHttpUrl(view.latest?.asset_url) : null;
            return (
              <tr key={view.job.task_id}>
                <td className="px-4 py-2 font-medium">
                  <Link
                    to="/jobs/$taskId"
                    params={{ taskId: view.job.task_id }}
                    className="hover:underline"
                  >
                    {view.job.name}
                  </Link>
                </td>
                <td className="px-4 py-2 text-zinc-600 dark:text-zinc-400">
                  {kindLabels[view.job.kind]}
                </td>
                <td className="px-4 py-2">
                  <span className="flex gap-1">
                    <StatusBadge status={view.status} />
                    {view.stalled && <StalledBadge />}
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
                <td className="px-4 py-2 tabular-nums">{formatMs(view.elapsedMs)}</td>
                <td className="px-4 py-2 tabular-nums">{cost(view)}</td>
                <td className="px-4 py-2 text-right whitespace-nowrap">
                  {asset && (
                    <a
                      href={asset}
                      target="_blank"
                      rel="noreferrer"
                      className="mr-3 text-xs text-brand-600 hover:underline dark:text-brand-100"
                    >
                      Asset
                    </a>
                  )}
                  <button
                    type="button"
                    onClick={() => onRemove(view.job.task_id)}
                    aria-label={`Remove ${view.job.name}`}
                    className="text-xs text-zinc-500 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white"
                  >
                    Remove
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
