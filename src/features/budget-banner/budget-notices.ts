// No zod here: the banner decides from the budgets the client has already checked.
import type { Budget, Budgets } from '../../api/contract/usage';
import { budgetThresholds } from '../../api/contract/usage-paths';
import { resetDay, wholePercent } from '../../lib/budget-text';
import { formatCost } from '../../lib/format-cost';

export type BudgetThreshold = (typeof budgetThresholds)[number];

/** One budget the viewer should hear of: at 80 % a notice, at 100 % a warning. */
export interface BudgetNotice {
  /** What dismissing remembers: this budget, this threshold, this month (`team:80:2026-12`). */
  key: string;
  whose: 'team' | 'mine';
  threshold: BudgetThreshold;
  text: string;
}

/** The highest threshold a budget has reached this month, or null below the first. */
export function thresholdOf(budget: Budget): BudgetThreshold | null {
  if (budget.monthly_limit === null || budget.percent === null) return null;
  const reached = budgetThresholds.filter((threshold) => budget.percent! >= threshold);
  return reached.at(-1) ?? null;
}

function noticeOf(
  budget: Budget,
  whose: BudgetNotice['whose'],
  owner: string,
  budgets: Budgets,
): BudgetNotice | null {
  const threshold = thresholdOf(budget);
  if (threshold === null) return null;
  const title = whose === 'team' ? 'Team budget' : 'Your budget';
  const day = resetDay(budgets.resets_at);
  const refused = whose === 'team' ? 'new trainings are refused' : 'your new trainings are refused';
  const text =
    threshold === 100
      ? `${title} reached: ${refused} until ${day} (UTC)`
      : `${title}: ${wholePercent(budget.percent!)} % used (${formatCost(budget.spend)} of ${formatCost(budget.monthly_limit!)}) · resets ${day}`;
  return { key: `${owner}:${threshold}:${budgets.month}`, whose, threshold, text };
}

/**
 * What the banner shows: the team's budget to everyone, and the viewer's own (nobody's when no
 * one signs in) to the viewer only, each once it is at 80 % or more, unless dismissed at that
 * threshold this month. Reaching 100 % after dismissing the 80 % notice shows again.
 */
export function budgetNotices(budgets: Budgets, dismissed: ReadonlySet<string>): BudgetNotice[] {
  const mine = budgets.me === null ? undefined : budgets.people.find((p) => p.id === budgets.me);
  const notices = [
    noticeOf(budgets.team, 'team', 'team', budgets),
    mine ? noticeOf(mine, 'mine', `person/${mine.id}`, budgets) : null,
  ];
  return notices.filter(
    (notice): notice is BudgetNotice => notice !== null && !dismissed.has(notice.key),
  );
}
