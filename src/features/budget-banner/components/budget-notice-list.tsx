import clsx from 'clsx';
import type { MouseEvent } from 'react';
import { usagePagePath } from '../../../api/contract/usage-paths';
import { budgetSettingsHash } from '../../../lib/budget-queries';
import type { BudgetNotice } from '../budget-notices';

interface BudgetNoticeListProps {
  notices: readonly BudgetNotice[];
  onDismiss: (notice: BudgetNotice) => void;
  /** Goes to a page of the dashboard, in the app rather than by a full load. */
  onNavigate: (path: string) => void;
}

const settingsPath = `/settings#${budgetSettingsHash}`;

/**
 * The budgets the viewer should hear of, above every page. A notice (80 %) is polite, a budget
 * reached (100 %) interrupts: it is why the next training start would be refused.
 */
export function BudgetNoticeList({ notices, onDismiss, onNavigate }: BudgetNoticeListProps) {
  if (notices.length === 0) return null;
  const follow = (path: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab or window is the browser's to open.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    onNavigate(path);
  };
  return (
    <div className="mb-4 space-y-2">
      {notices.map((notice) => {
        const reached = notice.threshold === 100;
        return (
          <div
            key={notice.key}
            role={reached ? 'alert' : 'status'}
            className={clsx(
              'flex flex-wrap items-center gap-x-4 gap-y-1 rounded-xl border px-4 py-2 text-sm',
              reached
                ? 'border-red-200 bg-red-50 text-red-900 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-100'
                : 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800/70 dark:bg-amber-950/30 dark:text-amber-50',
            )}
          >
            <p className="min-w-0 flex-1 font-medium">{notice.text}</p>
            <span className="flex flex-wrap gap-x-3 text-sm">
              <a
                href={settingsPath}
                onClick={follow(settingsPath)}
                className="underline underline-offset-2 hover:no-underline"
              >
                Budgets in Settings
              </a>
              <a
                href={usagePagePath}
                onClick={follow(usagePagePath)}
                className="underline underline-offset-2 hover:no-underline"
              >
                Usage
              </a>
            </span>
            <button
              type="button"
              onClick={() => onDismiss(notice)}
              aria-label={`Dismiss: ${notice.text}`}
              className="-mr-2 inline-flex size-11 items-center justify-center rounded-md hover:bg-black/5 md:size-8 dark:hover:bg-white/10"
            >
              <svg viewBox="0 0 20 20" aria-hidden className="size-4 fill-current">
                <path d="M5.3 4 10 8.6 14.7 4 16 5.3 11.4 10l4.6 4.7-1.3 1.3-4.7-4.6L5.3 16 4 14.7 8.6 10 4 5.3z" />
              </svg>
            </button>
          </div>
        );
      })}
    </div>
  );
}
