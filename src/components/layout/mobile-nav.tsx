import { Link } from '@tanstack/react-router';
import { Suspense, useId, useRef, useState, type ReactNode } from 'react';
import { deferred } from '../deferred';
import { barButton } from './bar-button';
import { RunningBadge } from './nav-links';
import { Logo } from './logo';

/**
 * The menu's dialog library loads when the menu is about to be used (a finger or pointer on
 * the button, or focus), not with every page: most visits never open it.
 */
const menu = deferred(() => import('./mobile-menu').then((module) => module.MobileMenu));

/**
 * Below `md`, the navigation folds into a top bar and a menu, so a page's heading starts near
 * the top of a phone's screen instead of under a block of links.
 */
export function MobileNav({
  running,
  inbox,
  wide,
}: {
  running: number;
  /** Whether the window is past `md`, where the sidebar shows instead of this bar. */
  wide: boolean;
  /** The inbox bell, in gateway mode. */
  inbox?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing animates and reopening is instant.
  const [used, setUsed] = useState(false);
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  // The focus goes back to the Menu button. Headless UI would do it from the focus history it
  // keeps, but the dialog's code may arrive after the button was focused, missing it there.
  const close = () => {
    setOpen(false);
    requestAnimationFrame(() => menuButton.current?.focus({ preventScroll: true }));
  };

  // A window widened past `md` shows the sidebar: a menu left open would cover it.
  if (wide && open) setOpen(false);

  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-1 border-b border-zinc-200 bg-white px-2 md:hidden dark:border-zinc-800 dark:bg-zinc-900">
      <Link
        to="/"
        aria-label="Media Studio home"
        className="flex min-h-11 min-w-0 items-center gap-2 rounded-lg px-2 text-base font-semibold tracking-tight"
      >
        <Logo />
        <span className="truncate">Media Studio</span>
      </Link>
      <span className="flex-1" />
      {running > 0 && (
        <Link to="/jobs" aria-label={`Jobs, ${running} running`} className={barButton}>
          <RunningBadge running={running} />
        </Link>
      )}
      {inbox}
      <button
        ref={menuButton}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onPointerEnter={menu.preload}
        onTouchStart={menu.preload}
        onFocus={menu.preload}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        className={barButton}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
          <path d="M2 4.75A.75.75 0 0 1 2.75 4h14.5a.75.75 0 0 1 0 1.5H2.75A.75.75 0 0 1 2 4.75Zm0 5.25a.75.75 0 0 1 .75-.75h14.5a.75.75 0 0 1 0 1.5H2.75A.75.75 0 0 1 2 10Zm.75 4.5a.75.75 0 0 0 0 1.5h14.5a.75.75 0 0 0 0-1.5H2.75Z" />
        </svg>
        Menu
      </button>
      {used && (
        <Suspense fallback={null}>
          <menu.Component id={menuId} open={open} onClose={close} running={running} />
        </Suspense>
      )}
    </header>
  );
}
