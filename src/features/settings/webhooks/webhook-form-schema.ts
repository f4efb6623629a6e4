// The form's schema is the contract's own: the gateway checks the same body with it. A module of
// its own, as every form's schema is, so the form loads it (and zod) on first use.
export { createWebhookSchema as webhookFormSchema } from '../../../api/contract/notifications';
