// No zod here: the shell's budget banner and Settings → Budgets both write budgets with it.
import type { Budget } from '../api/contract/budgets';
import { formatCost } from './format-cost';
import { monthNames } from './month-names';

/**
 * A share of a budget in whole percent, rounded down: 99.6 % is not yet "100 %", which would
 * read as reached while trainings can still start.
 */
export const wholePercent = (percent: number) => Math.floor(percent);

/**
 * "1 January 2027" (or without the year), as Intl's en-GB long date writes it: written by hand
 * because budgets are the only dates on their pages, and the first Intl formatter a page makes
 * loads the browser's locale and time-zone data in the middle of its first render. `utc` reads
 * the date in UTC rather than in the reader's time zone.
 */
export function dayMonthText(date: Date, { year = false, utc = false } = {}): string {
  const day = utc ? date.getUTCDate() : date.getDate();
  const month = monthNames[utc ? date.getUTCMonth() : date.getMonth()];
  const text = `${day} ${month}`;
  return year ? `${text} ${utc ? date.getUTCFullYear() : date.getFullYear()}` : text;
}

/** "1 January": the day a month's budgets start again (`resets_at`, the next month's first instant, UTC). */
export function resetDay(resetsAt: string, withYear = false): string {
  return dayMonthText(new Date(resetsAt), { year: withYear, utc: true });
}

/** "$3.20 of $5.00 (64 %) — $1.10 of it still running", or "$3.20 committed, no limit". */
export function spendText(budget: Budget): string {
  const running = budget.running > 0 ? ` — ${formatCost(budget.running)} of it still running` : '';
  if (budget.monthly_limit === null)
    return `${formatCost(budget.spend)} committed, no limit${running}`;
  const share = budget.percent === null ? '' : ` (${wholePercent(budget.percent)} %)`;
  return `${formatCost(budget.spend)} of ${formatCost(budget.monthly_limit)}${share}${running}`;
}
