import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import { navItems } from './nav-items';

/** How many training jobs run now, on the Jobs link and in the phone's top bar. */
export function RunningBadge({ running }: { running: number }) {
  return (
    <span className="rounded-full bg-brand-600 px-1.5 py-0.5 text-xs leading-none font-semibold text-white tabular-nums">
      {running}
      <span className="sr-only"> running</span>
    </span>
  );
}

// Headless UI's dialog moves the focus to the element marked so when it opens.
const autoFocus = { 'data-autofocus': '' };

/**
 * The pages, as the sidebar and the phone's menu list them. Each link is 44 px tall below
 * `md`, a finger's size; the desktop sidebar keeps its compact rows. Memoized: the shell
 * draws again when its bell and banner arrive, and ten router links built again for that
 * are a slow phone's task for nothing.
 */
export const NavLinks = memo(function NavLinks({
  running,
  className,
  onNavigate,
  focusCurrent = false,
}: {
  running: number;
  className: string;
  /** Called when a link is followed, also the current page's: the phone's menu closes. */
  onNavigate?: () => void;
  /** The current page's link takes the focus when the list opens (in the phone's menu). */
  focusCurrent?: boolean;
}) {
  return (
    <ul className={className}>
      {navItems.map((item) => (
        <li key={item.to}>
          <Link
            to={item.to}
            // Home is every path's prefix: only the root itself makes it current.
            activeOptions={{ exact: item.to === '/' }}
            title={item.description}
            onClick={onNavigate}
            activeProps={focusCurrent ? autoFocus : undefined}
            className="flex min-h-11 items-center justify-between gap-2 rounded-lg px-3 py-2 text-sm font-medium text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700 md:min-h-0 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-white dark:aria-[current=page]:bg-zinc-800 dark:aria-[current=page]:text-white"
          >
            {item.label}
            {item.to === '/jobs' && running > 0 && <RunningBadge running={running} />}
          </Link>
        </li>
      ))}
    </ul>
  );
});
