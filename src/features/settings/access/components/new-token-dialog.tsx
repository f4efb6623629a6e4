import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useId } from 'react';
import type { CreatedAccessToken } from '../../../../api/contract/access';
import { Button } from '../../../../components/button';
import { CopyButton } from '../../../../components/copy-button';

interface NewTokenDialogProps {
  token: CreatedAccessToken;
  onClose: () => void;
}

/** The one time a token's secret is shown: the gateway keeps only its hash. */
export function NewTokenDialog({ token, onClose }: NewTokenDialogProps) {
  const fieldId = useId();
  return (
    <Dialog
      open
      onClose={onClose}
      className="fixed inset-0 z-50 flex items-center justify-center p-4"
    >
      <DialogBackdrop className="fixed inset-0 bg-black/40" />
      <DialogPanel className="relative w-full max-w-lg rounded-2xl bg-white p-5 shadow-xl dark:bg-zinc-900">
        <DialogTitle className="text-base font-semibold">Token “{token.name}” created</DialogTitle>
        <Description className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
          Copy it now: it will not be shown again. The gateway keeps only a hash of it.
        </Description>
        <label htmlFor={fieldId} className="mt-4 block text-sm font-medium">
          New token
        </label>
        <div className="mt-1 flex items-start gap-2">
          <input
            id={fieldId}
            readOnly
            value={token.token}
            onFocus={(event) => event.currentTarget.select()}
            spellCheck={false}
            className="block min-h-11 w-full rounded-lg border border-zinc-300 bg-zinc-50 px-3 py-2 font-mono text-sm md:min-h-0 dark:border-zinc-700 dark:bg-zinc-950"
          />
          <CopyButton value={token.token} label="token" />
        </div>
        <p className="mt-3 text-xs text-zinc-600 dark:text-zinc-400">
          Send it as <code>Authorization: Bearer {'<token>'}</code> to this gateway’s{' '}
          <code>/api/v1</code>.
        </p>
        <div className="mt-4 flex justify-end">
          <Button autoFocus onClick={onClose}>
            Done
          </Button>
        </div>
      </DialogPanel>
    </Dialog>
  );
}
