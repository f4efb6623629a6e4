import { deferred } from '../../../../components/deferred';

// The dialog library is most of what these weigh: they load when the page is idle, not with
// the Settings page, which most visits only read.
export const webhookFormDialog = deferred(() =>
  import('./webhook-form-dialog').then((module) => module.WebhookFormDialog),
);
export const webhookSecretDialog = deferred(() =>
  import('./webhook-secret-dialog').then((module) => module.WebhookSecretDialog),
);
export const confirmDialog = deferred(() =>
  import('./confirm-dialog').then((module) => module.ConfirmDialog),
);
export const deliveriesDialog = deferred(() =>
  import('./deliveries-dialog').then((module) => module.DeliveriesDialog),
);
