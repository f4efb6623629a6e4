import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import type { quickActions } from '../quick-actions';

/**
 * One card a shortcut: the whole card is the link, so it is one Tab stop with one name.
 * Memoized: the home page draws again as the jobs it follows are read, and its shortcuts
 * never change with them.
 */
export const QuickActionGrid = memo(function QuickActionGrid({
  actions,
}: {
  actions: typeof quickActions;
}) {
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
      {actions.map((action) => (
        <li key={action.title}>
          <Link
            {...action.link}
            className="group flex h-full flex-col rounded-2xl border border-zinc-200 bg-white p-4 shadow-xs transition hover:border-brand-300 hover:shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-brand-600"
          >
            <span className="text-sm font-semibold group-hover:text-brand-700 dark:group-hover:text-brand-100">
              {action.title}
            </span>
            <span className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
              {action.description}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
});
