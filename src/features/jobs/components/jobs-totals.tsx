import type { JobTotals } from '../board-model';
import { formatCost } from '../board-model';

/** The board's headline numbers, over every tracked job (not only the filtered ones). */
export function JobsTotals({ totals, tracked }: { totals: JobTotals; tracked: number }) {
  const items = [
    { label: 'Tracked', value: String(tracked) },
    { label: 'Running', value: String(totals.running) },
    { label: 'Spent on completed', value: formatCost(totals.completedCost) },
    { label: 'Running so far', value: formatCost(totals.runningEstimate) },
  ];
  return (
    <dl aria-label="Totals" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {items.map((item) => (
        <div
          key={item.label}
          className="rounded-xl border border-zinc-200 bg-white px-4 py-3 dark:border-zinc-800 dark:bg-zinc-900"
        >
          <dt className="text-xs text-zinc-500 dark:text-zinc-400">{item.label}</dt>
          <dd className="mt-0.5 text-lg font-semibold tabular-nums">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
