import clsx from 'clsx';
import type { Budget } from '../../../../api/contract/usage';
import { budgetThresholds } from '../../../../api/contract/usage-paths';
import { spendText, wholePercent } from '../../../../lib/budget-text';

const [warnAt, reachedAt] = budgetThresholds;

/**
 * What a budget has committed this month against its limit: a bar and the same in words. The
 * bar turns amber where people are told (80 %) and red where trainings are refused (100 %).
 */
export function BudgetMeter({ budget, label }: { budget: Budget; label: string }) {
  const text = spendText(budget);
  if (budget.percent === null) return <p className="text-sm tabular-nums">{text}</p>;
  const percent = wholePercent(budget.percent);
  return (
    <div className="space-y-1">
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.min(percent, 100)}
        aria-valuetext={text}
        className="h-2 w-full overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
      >
        <div
          className={clsx(
            'h-full rounded-full',
            percent >= reachedAt
              ? 'bg-red-600 dark:bg-red-500'
              : percent >= warnAt
                ? 'bg-amber-500 dark:bg-amber-400'
                : 'bg-brand-600 dark:bg-brand-500',
          )}
          style={{ width: `${Math.min(percent, 100)}%` }}
        />
      </div>
      <p className="text-sm tabular-nums">{text}</p>
    </div>
  );
}
