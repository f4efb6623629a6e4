import { isApiError } from '../../../api/api-error';
import type {
  NotificationEventType,
  WebhookFormat,
  WebhookScope,
} from '../../../api/contract/notifications';
import { labelledMessage } from '../../../lib/field-labels';

// No zod here: the Settings page draws the list and the form before the contract's schemas load.

/** The form's fields as the contract names them, each with the label the form shows. */
export const webhookFieldLabels = {
  url: 'URL',
  events: 'Events',
  format: 'Format',
  scope: 'Scope',
  description: 'Description',
} as const;
export type WebhookField = keyof typeof webhookFieldLabels;

/** Every event a webhook can subscribe to, in words (a Record, so a new type must be named). */
export const eventLabels: Record<NotificationEventType, string> = {
  'training.completed': 'Training completed',
  'training.failed': 'Training failed',
  'training.stalled': 'Training stalled',
  'speech.completed': 'Speech completed',
  'speech.failed': 'Speech failed',
  'generation.completed': 'Generation completed',
  'generation.failed': 'Generation failed',
  'budget.reached': 'Budget 80 % or 100 % used',
};
export const eventTypes = Object.keys(eventLabels) as NotificationEventType[];

/** What most people want told: a training, the long job, ending or getting stuck. */
export const defaultEvents: NotificationEventType[] = [
  'training.completed',
  'training.failed',
  'training.stalled',
];

export const formatLabels: Record<WebhookFormat, string> = {
  standard: 'Standard Webhooks (JSON)',
  slack: 'Slack',
  discord: 'Discord',
};

export const scopeLabels: Record<WebhookScope, { label: string; hint: string }> = {
  personal: { label: 'Personal', hint: 'The jobs you start' },
  team: { label: 'Team', hint: 'Every job, each marked with who started it' },
};

/** An event type as a person reads it; one the dashboard does not know shows as it came. */
export const eventLabel = (type: string) =>
  (eventLabels as Record<string, string>)[type] ??
  (type === 'webhook.test' ? 'Test event' : type === 'webhook.paused' ? 'Webhook paused' : type);

const leadingField = /^([a-z_]+)(?:\.[\w.]+)?(:\s*|\s)(.*)$/s;

/**
 * The fields a refused request names, each message with the form's labels, so it can sit
 * beside its field. The gateway joins its field messages with "; " and starts each with the
 * field (`url must use http or https`, `events.0: events must each be one of …`).
 */
export function webhookFieldErrors(error: unknown): Partial<Record<WebhookField, string>> {
  if (!isApiError(error)) return {};
  const found: Partial<Record<WebhookField, string>> = {};
  const take = (field: string, message: string) => {
    if (!(field in webhookFieldLabels) || field in found) return;
    found[field as WebhookField] = labelledMessage(message, webhookFieldLabels);
  };
  for (const issue of error.issues)
    take(issue.path.replace(/^body\./, '').split('.')[0]!, issue.message);
  for (const part of error.message.split('; ')) {
    const match = leadingField.exec(part.trim());
    if (!match) continue;
    const [, field, separator, rest] = match as unknown as [string, string, string, string];
    if (!separator.startsWith(':')) take(field, part.trim());
    // `events.0: events must …`: the rule names its field itself.
    else if (rest.startsWith(field)) take(field, rest);
    else take(field, `${field}: ${rest}`);
  }
  return found;
}
