import { Link } from '@tanstack/react-router';
import { budgetSettingsHash } from '../../../lib/budget-queries';

/**
 * A start the gateway refused because a budget is spent, shown on the form above its submit:
 * nothing was sent to the service, and the form keeps what was filled in for later.
 */
export function BudgetRefusalView({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-100"
    >
      <p className="font-semibold">Not started: a monthly budget is spent</p>
      <p className="mt-1 break-words">{message}</p>
      <p className="mt-2 text-xs">
        What you filled in is kept here and on the Train page. See{' '}
        <Link to="/settings" hash={budgetSettingsHash} className="underline underline-offset-2">
          Budgets in Settings
        </Link>
        .
      </p>
    </div>
  );
}
