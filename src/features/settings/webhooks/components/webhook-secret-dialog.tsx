import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useId } from 'react';
import type { WebhookWithSecret } from '../../../../api/contract/notifications';
import { Button } from '../../../../components/button';
import { CopyButton } from '../../../../components/copy-button';

interface WebhookSecretDialogProps {
  webhook: WebhookWithSecret;
  /** A rotation: the secret before it still signs until `previous_secret_until`. */
  rotated: boolean;
  onClose: () => void;
}

const dateTime = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );

/** A rotated secret, in a dialog of its own. */
export function WebhookSecretDialog(props: WebhookSecretDialogProps) {
  return (
    <Dialog
      open
      onClose={props.onClose}
      className="fixed inset-0 z-50 flex items-center justify-center p-4"
    >
      <DialogBackdrop className="fixed inset-0 bg-black/40" />
      <DialogPanel className="relative w-full max-w-lg rounded-2xl bg-white p-5 shadow-xl dark:bg-zinc-900">
        <WebhookSecretView {...props} />
      </DialogPanel>
    </Dialog>
  );
}

/**
 * The one time a webhook's signing secret is shown: receivers check each request with it.
 * Drawn inside a dialog: a new webhook's in the one its form was in, so the focus goes from
 * the form straight to Done.
 */
export function WebhookSecretView({ webhook, rotated, onClose }: WebhookSecretDialogProps) {
  const fieldId = useId();
  return (
    <>
      <DialogTitle className="text-base font-semibold">
        {rotated ? 'New signing secret' : 'Webhook created'}
      </DialogTitle>
      <Description className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
        Copy the signing secret now: it will not be shown again.
      </Description>
      <p className="mt-3 text-sm break-all text-zinc-700 dark:text-zinc-300">{webhook.url}</p>
      <label htmlFor={fieldId} className="mt-4 block text-sm font-medium">
        Signing secret
      </label>
      <div className="mt-1 flex items-start gap-2">
        <input
          id={fieldId}
          readOnly
          value={webhook.secret}
          onFocus={(event) => event.currentTarget.select()}
          spellCheck={false}
          className="block min-h-11 w-full rounded-lg border border-zinc-300 bg-zinc-50 px-3 py-2 font-mono text-sm md:min-h-0 dark:border-zinc-700 dark:bg-zinc-950"
        />
        <CopyButton value={webhook.secret} label="signing secret" />
      </div>
      <p className="mt-3 text-xs text-zinc-600 dark:text-zinc-400">
        The receiver checks the <code>webhook-signature</code> header of each request with it
        (Standard Webhooks).
        {rotated && webhook.previous_secret_until && (
          <>
            {' '}
            The previous secret stays valid until{' '}
            <time dateTime={webhook.previous_secret_until}>
              {dateTime(webhook.previous_secret_until)}
            </time>
            , so receivers can switch over.
          </>
        )}
      </p>
      <div className="mt-4 flex justify-end">
        <Button autoFocus onClick={onClose}>
          Done
        </Button>
      </div>
    </>
  );
}
