import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { Webhook, WebhookDelivery } from '../../../../api/contract/notifications';
import { Button } from '../../../../components/button';
import { ErrorView } from '../../../../components/error-view';
import { DeliveriesList } from './deliveries-list';

interface DeliveriesDialogProps {
  webhook: Webhook;
  deliveries: readonly WebhookDelivery[] | undefined;
  error: Error | null;
  onRetry: () => void;
  now: number;
  redeliveringId: string | null;
  onRedeliver?: ((delivery: WebhookDelivery) => void) | undefined;
  onClose: () => void;
}

/** What the gateway sent a webhook lately, and what the receiver answered. */
export function DeliveriesDialog({
  webhook,
  deliveries,
  error,
  onRetry,
  onClose,
  ...list
}: DeliveriesDialogProps) {
  return (
    <Dialog open onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-black/40" />
      <div className="fixed inset-0 overflow-y-auto p-4">
        <div className="flex min-h-full items-center justify-center">
          <DialogPanel className="relative w-full max-w-2xl rounded-2xl bg-white p-5 shadow-xl dark:bg-zinc-900">
            <DialogTitle className="text-base font-semibold break-all">
              Deliveries to {webhook.url}
            </DialogTitle>
            <div className="mt-4">
              {error ? (
                <ErrorView
                  title="The deliveries could not be read"
                  error={error}
                  onRetry={onRetry}
                />
              ) : deliveries ? (
                <DeliveriesList deliveries={deliveries} {...list} />
              ) : (
                <p role="status" className="text-sm text-zinc-500">
                  Reading the deliveries…
                </p>
              )}
            </div>
            <div className="mt-4 flex justify-end">
              <Button variant="secondary" onClick={onClose}>
                Close
              </Button>
            </div>
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
