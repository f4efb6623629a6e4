import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { NavLinks, RunningBadge } from './nav-links';
import { RequestLogButton } from './request-log-dialog';
import { ThemeSwitcher } from './theme-switcher';

// Tailwind's `md`: from there on the sidebar shows and this bar does not.
const desktop = '(min-width: 48rem)';

const barButton =
  'inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-lg px-3 text-sm font-medium text-zinc-700 hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800';

/**
 * Below `md`, the navigation folds into a top bar and a menu, so a page's heading starts near
 * the top of a phone's screen instead of under a block of links.
 */
export function MobileNav({ running }: { running: number }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const close = () => setOpen(false);

  // A window widened past `md` shows the sidebar: a menu left open would cover it.
  useEffect(() => {
    if (!open) return;
    const query = window.matchMedia(desktop);
    const onChange = () => {
      if (query.matches) setOpen(false);
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [open]);

  return (
    <header className="sticky top-0 z-30 flex h-14 items-center gap-1 border-b border-zinc-200 bg-white px-2 md:hidden dark:border-zinc-800 dark:bg-zinc-900">
      <Link
        to="/"
        aria-label="Media Studio home"
        className="flex min-h-11 min-w-0 items-center gap-2 rounded-lg px-2 text-base font-semibold tracking-tight"
      >
        <img src="/favicon.svg" alt="" className="size-7" />
        <span className="truncate">Media Studio</span>
      </Link>
      <span className="flex-1" />
      {running > 0 && (
        <Link to="/jobs" aria-label={`Jobs, ${running} running`} className={barButton}>
          <RunningBadge running={running} />
        </Link>
      )}
      <button
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(true)}
        className={barButton}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
          <path d="M2 4.75A.75.75 0 0 1 2.75 4h14.5a.75.75 0 0 1 0 1.5H2.75A.75.75 0 0 1 2 4.75Zm0 5.25a.75.75 0 0 1 .75-.75h14.5a.75.75 0 0 1 0 1.5H2.75A.75.75 0 0 1 2 10Zm.75 4.5a.75.75 0 0 0 0 1.5h14.5a.75.75 0 0 0 0-1.5H2.75Z" />
        </svg>
        Menu
      </button>
      <MobileMenu id={menuId} open={open} onClose={close} running={running} />
    </header>
  );
}

/**
 * The menu is a modal dialog: Escape and a tap beside it close it, the focus stays inside
 * while it is open and goes back to the Menu button after. Following a link closes it too.
 */
function MobileMenu({
  id,
  open,
  onClose,
  running,
}: {
  id: string;
  open: boolean;
  onClose: () => void;
  running: number;
}) {
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-40 md:hidden">
      <DialogBackdrop className="fixed inset-0 bg-black/40" />
      <div className="fixed inset-0 overflow-y-auto">
        <DialogPanel
          id={id}
          className="flex flex-col gap-4 border-b border-zinc-200 bg-white px-2 pb-4 shadow-xl dark:border-zinc-800 dark:bg-zinc-900"
        >
          <div className="flex h-14 items-center justify-between gap-2">
            <DialogTitle className="px-2 text-base font-semibold tracking-tight">Menu</DialogTitle>
            <button type="button" onClick={onClose} className={barButton}>
              Close menu
            </button>
          </div>
          <nav aria-label="Main">
            <NavLinks
              running={running}
              onNavigate={onClose}
              focusCurrent
              className="grid grid-cols-2 gap-1"
            />
          </nav>
          <div className="flex flex-col gap-4">
            <RequestLogButton />
            <ThemeSwitcher />
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
