import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';
import { Button } from '../../../../components/button';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asked before what cannot be taken back; the safe choice has the focus, so Enter cancels. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open
      onClose={onCancel}
      className="fixed inset-0 z-50 flex items-center justify-center p-4"
    >
      <DialogBackdrop className="fixed inset-0 bg-black/40" />
      <DialogPanel className="relative w-full max-w-md rounded-2xl bg-white p-5 shadow-xl dark:bg-zinc-900">
        <DialogTitle className="text-base font-semibold break-words">{title}</DialogTitle>
        <Description className="mt-2 text-sm text-zinc-600 dark:text-zinc-300">
          {children}
        </Description>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" autoFocus onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={onConfirm}>{confirmLabel}</Button>
        </div>
      </DialogPanel>
    </Dialog>
  );
}
