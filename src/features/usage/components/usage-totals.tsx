import type { UsageMeasures, UsageMonth } from '../../../api/contract/usage';
import { formatCost } from '../../../lib/format-cost';
import { formatBytes } from '../../../lib/format-duration';
import { formatCount } from '../../../lib/format-number';
import { monthLabel } from '../period-labels';

interface Figure {
  label: string;
  value: string;
  /** A smaller line under the value: what it is made of. */
  detail?: string | undefined;
}

function Figures({ label, figures }: { label: string; figures: Figure[] }) {
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {figures.map((figure) => (
        <div
          key={figure.label}
          className="rounded-xl border border-zinc-200 bg-white px-4 py-3 dark:border-zinc-800 dark:bg-zinc-900"
        >
          <dt className="text-xs text-zinc-600 dark:text-zinc-400">{figure.label}</dt>
          <dd className="mt-0.5 text-lg font-semibold tabular-nums">{figure.value}</dd>
          {figure.detail && (
            <dd className="text-xs text-zinc-600 tabular-nums dark:text-zinc-400">
              {figure.detail}
            </dd>
          )}
        </div>
      ))}
    </dl>
  );
}

/** This month's committed spend, its split and where it is heading. */
export function MonthTotals({ month }: { month: UsageMonth }) {
  const name = monthLabel(month.month);
  return (
    <Figures
      label={`Spend in ${name}`}
      figures={[
        {
          label: `Committed in ${name}`,
          value: formatCost(month.committed),
          detail: `${formatCost(month.completed_cost)} completed + ${formatCost(month.running_cost)} running estimate`,
        },
        {
          label: 'Forecast to month end',
          value: formatCost(month.forecast),
          detail: 'At this month’s pace so far',
        },
      ]}
    />
  );
}

/** What was counted over the period asked. */
export function PeriodTotals({ totals, range }: { totals: UsageMeasures; range: string }) {
  return (
    <Figures
      label={`Totals, ${range}`}
      figures={[
        {
          label: 'Spend',
          value: formatCost(totals.training_cost),
          detail:
            totals.running_cost > 0
              ? `${formatCost(totals.running_cost)} of it still an estimate`
              : undefined,
        },
        {
          label: 'Jobs',
          value: formatCount(totals.jobs),
          detail: `${formatCount(totals.completed)} completed, ${formatCount(totals.failed)} failed`,
        },
        { label: 'Generations', value: formatCount(totals.generations) },
        {
          label: 'Speech characters',
          value: formatCount(totals.speech_characters),
          detail: `${formatCount(totals.speech_requests)} ${totals.speech_requests === 1 ? 'request' : 'requests'}`,
        },
        { label: 'Extends', value: formatCount(totals.extends) },
        {
          label: 'Uploads',
          value: formatCount(totals.uploads),
          detail: formatBytes(totals.upload_bytes),
        },
        { label: 'Sandboxes', value: formatCount(totals.sandboxes) },
      ]}
    />
  );
}
