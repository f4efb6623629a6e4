import { Link, Outlet } from '@tanstack/react-router';
import { lazy, Suspense, type ReactNode } from 'react';
import { useMediaQuery } from '../../lib/use-media-query';
import { useRunningJobCount } from '../../lib/running-jobs';
import { Staged } from '../staged';
import { desktopQuery } from './breakpoints';
import { MobileNav } from './mobile-nav';
import { NavLinks } from './nav-links';
import { Logo } from './logo';

/**
 * The sidebar's foot loads just after the page: it sits below the navigation, so arriving a
 * moment later moves nothing, and the first page's code stays smaller.
 */
const SidebarTools = lazy(() =>
  import('./sidebar-tools').then((m) => ({ default: m.SidebarTools })),
);

const sidebar =
  'hidden shrink-0 flex-col gap-6 border-zinc-200 bg-white px-4 py-5 md:sticky md:top-0 md:flex md:h-screen md:w-60 md:border-r dark:border-zinc-800 dark:bg-zinc-900';

/** Where the shell shows the inbox bell: the desktop sidebar, or the phone's top bar. */
export type InboxPlacement = 'sidebar' | 'bar';

export function AppLayout({
  inbox,
  banner,
}: {
  /** The inbox bell, in gateway mode once it has loaded (src/app/app-shell.tsx). */
  inbox?: ((placement: InboxPlacement) => ReactNode) | undefined;
  /** What every page shows above its own content: the budget banner, in gateway mode. */
  banner?: ReactNode;
} = {}) {
  const running = useRunningJobCount();
  // The sidebar is filled only where it shows: a phone never shows it (its menu has the same
  // links and tools), and taking over the prerendered page there empties it, hidden, rather than
  // rendering its links, logo, bell and tools a task after the page. The element stays: without
  // it the page's <main> would be moved into its place, and a moved element is styled and laid
  // out again whole. The prerender fills it, for the desktop the page is also for.
  const wide = useMediaQuery(desktopQuery, true);
  return (
    <div className="flex min-h-screen flex-col md:flex-row">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-sm dark:focus:bg-zinc-900"
      >
        Skip to content
      </a>
      <MobileNav running={running} wide={wide} inbox={wide ? undefined : inbox?.('bar')} />
      {/* From `md` on; a phone gets the top bar above instead. */}
      {wide ? (
        <Staged>
          <aside className={sidebar}>
            <div className="flex items-center justify-between gap-1">
              <Link
                to="/"
                aria-label="Media Studio home"
                className="flex items-center gap-2 px-2 text-base font-semibold tracking-tight"
              >
                <Logo />
                Media Studio
              </Link>
              {inbox?.('sidebar')}
            </div>
            <nav aria-label="Main" className="flex-1">
              <NavLinks running={running} className="flex flex-wrap gap-1 md:flex-col" />
            </nav>
            <Suspense fallback={null}>
              <SidebarTools />
            </Suspense>
          </aside>
        </Staged>
      ) : (
        <aside className={sidebar} />
      )}
      <Staged>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-3 py-4 md:px-10 md:py-8">
          {banner}
          <Outlet />
        </main>
      </Staged>
    </div>
  );
}
