import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { barButton } from './bar-button';
import { NavLinks } from './nav-links';
import { RequestLogButton } from './request-log-dialog';
import { ThemeSwitcher } from './theme-switcher';

/**
 * The menu is a modal dialog: Escape and a tap beside it close it, the focus stays inside
 * while it is open and goes back to the Menu button after. Following a link closes it too.
 */
export function MobileMenu({
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
