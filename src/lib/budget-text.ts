// No zod here: the shell's budget banner and Settings → Budgets both write budgets with it.
import type { Budget } from '../api/contract/usage';
import { formatCost } from './format-cost';
import { once } from './once';

/**
 * A share of a budget in whole percent, rounded down: 99.6 % is not yet "100 %", which would
 * read as reached while trainings can still start.
 */
export const wholePercent = (percent: number) => Math.floor(percent);

/** "1 January": the day a month's budgets start again (`resets_at`, the next month's first instant, UTC). */
export function resetDay(resetsAt: string, withYear = false): string {
  return (withYear ? dayMonthYear : dayMonth)().format(new Date(resetsAt));
}

// Built once: a formatter costs far more to make than to use, and every budget row, banner and
// render writes a date.
const dayMonth = once(
  () => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' }),
);
const dayMonthYear = once(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }),
);

/** "$3.20 of $5.00 (64 %) — $1.10 of it still running", or "$3.20 committed, no limit". */
export function spendText(budget: Budget): string {
  const running = budget.running > 0 ? ` — ${formatCost(budget.running)} of it still running` : '';
  if (budget.monthly_limit === null)
    return `${formatCost(budget.spend)} committed, no limit${running}`;
  const share = budget.percent === null ? '' : ` (${wholePercent(budget.percent)} %)`;
  return `${formatCost(budget.spend)} of ${formatCost(budget.monthly_limit)}${share}${running}`;
}
