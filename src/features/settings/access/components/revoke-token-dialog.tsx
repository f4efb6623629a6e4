import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { AccessToken } from '../../../../api/contract/access';
import { Button } from '../../../../components/button';

interface RevokeTokenDialogProps {
  token: AccessToken;
  onRevoke: () => void;
  onCancel: () => void;
}

/** Asked first: a revoked token cannot come back, and whatever used it stops at once. */
export function RevokeTokenDialog({ token, onRevoke, onCancel }: RevokeTokenDialogProps) {
  return (
    <Dialog
      open
      onClose={onCancel}
      className="fixed inset-0 z-50 flex items-center justify-center p-4"
    >
      <DialogBackdrop className="fixed inset-0 bg-black/40" />
      <DialogPanel className="relative w-full max-w-md rounded-2xl bg-white p-5 shadow-xl dark:bg-zinc-900">
        <DialogTitle className="text-base font-semibold">Revoke “{token.name}”?</DialogTitle>
        <Description className="mt-2 text-sm text-zinc-600 dark:text-zinc-300">
          Scripts that send this token are refused from now on. This cannot be undone.
        </Description>
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="secondary" autoFocus onClick={onCancel}>
            Cancel
          </Button>
          <Button onClick={onRevoke}>Revoke token</Button>
        </div>
      </DialogPanel>
    </Dialog>
  );
}
