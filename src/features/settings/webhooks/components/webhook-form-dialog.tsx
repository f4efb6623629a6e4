import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { WebhookWithSecret } from '../../../../api/contract/notifications';
import { WebhookForm, type WebhookFormValues } from './webhook-form';
import { WebhookSecretView } from './webhook-secret-dialog';

interface WebhookFormDialogProps {
  title: string;
  submitLabel: string;
  defaultValues: WebhookFormValues;
  showScope: boolean;
  onSubmit: (values: WebhookFormValues) => Promise<unknown>;
  onClose: () => void;
  submitting: boolean;
  error: Error | null;
  /** The webhook just made: the dialog then shows its secret, once, in place of the form. */
  created: WebhookWithSecret | null;
}

/** Adding or editing a webhook; stays open, with what was typed, until the gateway accepts it. */
export function WebhookFormDialog({ title, onClose, created, ...form }: WebhookFormDialogProps) {
  return (
    <Dialog open onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-black/40" />
      <div className="fixed inset-0 overflow-y-auto p-4">
        <div className="flex min-h-full items-center justify-center">
          <DialogPanel className="relative w-full max-w-lg rounded-2xl bg-white p-5 shadow-xl dark:bg-zinc-900">
            {created ? (
              <WebhookSecretView webhook={created} rotated={false} onClose={onClose} />
            ) : (
              <>
                <DialogTitle className="mb-4 text-base font-semibold">{title}</DialogTitle>
                <WebhookForm {...form} onCancel={onClose} />
              </>
            )}
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
