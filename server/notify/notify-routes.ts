import { Hono } from 'hono';
import type { DeliveryQueue } from './delivery-queue';
import type { InboxStore } from './inbox';
import { inboxRoutes } from './inbox-routes';
import type { PushDevices } from './push-devices';
import { pushRoutes } from './push-routes';
import type { TargetPolicy } from './safe-target';
import type { VapidKeys } from './web-push';
import { webhookRoutes } from './webhook-routes';
import type { WebhookStore } from './webhook-store';

export interface NotifyRoutesDeps {
  webhooks: WebhookStore;
  devices: PushDevices;
  queue: DeliveryQueue;
  inbox: InboxStore;
  policy: TargetPolicy;
  vapid: () => Promise<VapidKeys>;
  /** Tells the worker a delivery was queued (a test, a redelivery). */
  wake: () => void;
}

/** The gateway's notification API: webhooks, push devices, inboxes. */
export function notifyRoutes(deps: NotifyRoutesDeps): Hono {
  const app = new Hono();
  app.route('/', webhookRoutes(deps));
  app.route('/', pushRoutes(deps));
  app.route('/', inboxRoutes(deps));
  return app;
}
