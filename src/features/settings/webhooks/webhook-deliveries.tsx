import { useQuery } from '@tanstack/react-query';
import type { Webhook } from '../../../api/contract/notifications';
import { toast } from '../../../lib/toast';
import { useNow } from '../../../lib/use-now';
import { deliveriesDialog } from './components/webhook-dialogs';
import { eventLabel } from './webhook-fields';
import { useRedeliverWebhook, webhookQueries } from './queries';

// Often enough for "next attempt in 2 min" to count down while the dialog is open.
const clockMs = 15_000;

/** The deliveries dialog of one webhook, read while it is open. */
export function WebhookDeliveries({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const deliveries = useQuery(webhookQueries.deliveries(webhook.id));
  const redeliver = useRedeliverWebhook();
  const now = useNow(clockMs);
  return (
    <deliveriesDialog.Component
      webhook={webhook}
      deliveries={deliveries.data}
      error={deliveries.error}
      onRetry={() => void deliveries.refetch()}
      now={now}
      redeliveringId={redeliver.isPending ? (redeliver.variables?.deliveryId ?? null) : null}
      // A teammate's webhook: its log may be read, only its owner sends anything again.
      onRedeliver={
        webhook.editable
          ? (delivery) =>
              redeliver.mutate(
                { id: webhook.id, deliveryId: delivery.id },
                {
                  onSuccess: () =>
                    toast.success(`${eventLabel(delivery.event_type)} sent again: listed first`),
                  onError: (error) => toast.error(`Could not send it again: ${error.message}`),
                },
              )
          : undefined
      }
      onClose={onClose}
    />
  );
}
