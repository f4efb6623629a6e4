import { Link, Outlet } from '@tanstack/react-router';
import { useRunningJobCount } from '../../lib/running-jobs';
import { navItems } from './nav-items';
import { RequestLogButton } from './request-log-dialog';
import { ThemeSwitcher } from './theme-switcher';

export function AppLayout() {
  const running = useRunningJobCount();
  return (
    <div className="flex min-h-screen flex-col md:flex-row">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-sm dark:focus:bg-zinc-900"
      >
        Skip to content
      </a>
      <aside className="flex shrink-0 flex-col gap-6 border-b border-zinc-200 bg-white px-4 py-5 md:sticky md:top-0 md:h-screen md:w-60 md:border-r md:border-b-0 dark:border-zinc-800 dark:bg-zinc-900">
        <Link
          to="/"
          aria-label="Media Studio home"
          className="flex items-center gap-2 px-2 text-base font-semibold tracking-tight"
        >
          <img src="/favicon.svg" alt="" className="size-7" />
          Media Studio
        </Link>
        <nav aria-label="Main" className="flex-1">
          <ul className="flex flex-wrap gap-1 md:flex-col">
            {navItems.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  // Home is every path's prefix: only the root itself makes it current.
                  activeOptions={{ exact: item.to === '/' }}
                  title={item.description}
                  className="flex items-center justify-between gap-2 rounded-lg px-3 py-2 text-sm font-medium text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-white dark:aria-[current=page]:bg-zinc-800 dark:aria-[current=page]:text-white"
                >
                  {item.label}
                  {item.to === '/jobs' && running > 0 && (
                    <span className="rounded-full bg-brand-600 px-1.5 py-0.5 text-xs leading-none font-semibold text-white tabular-nums">
                      {running}
                      <span className="sr-only"> running</span>
                    </span>
                  )}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <RequestLogButton />
        <ThemeSwitcher />
      </aside>
      <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 md:px-10 md:py-8">
        <Outlet />
      </main>
    </div>
  );
}
