import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { Button } from './button';

interface LeaveDialogProps {
  title: string;
  consequence: string;
  onLeave: () => void;
  onStay: () => void;
}

/** "Leave anyway?" for a link inside the dashboard, while something the user started runs. */
export function LeaveDialog({ title, consequence, onLeave, onStay }: LeaveDialogProps) {
  return (
    <Dialog
      open
      onClose={onStay}
      className="fixed inset-0 z-50 flex items-center justify-center p-4"
    >
      <DialogBackdrop className="fixed inset-0 bg-black/40" />
      <DialogPanel className="relative w-full max-w-md rounded-2xl bg-white p-5 shadow-xl dark:bg-zinc-900">
        <DialogTitle className="text-base font-semibold">{title}</DialogTitle>
        <Description className="mt-2 text-sm text-zinc-600 dark:text-zinc-300">
          {consequence}
        </Description>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" onClick={onLeave}>
            Leave
          </Button>
          <Button autoFocus onClick={onStay}>
            Stay on this page
          </Button>
        </div>
      </DialogPanel>
    </Dialog>
  );
}
