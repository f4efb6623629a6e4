import { z } from './zod';
import { httpUrl } from './common';
import { notificationJobSchema } from './inbox';
import {
  notificationEventTypes,
  webhookFormats,
  webhookScopes,
  webhookStatuses,
} from './notification-paths';

export * from './inbox';

export {
  inboxPaths,
  jobPagePath,
  notificationEventTypes,
  pushPaths,
  secretOverlapHours,
  serviceWorkerPath,
  webhookFormats,
  webhookPaths,
  webhookScopes,
  webhookSecretPrefix,
  webhookStatuses,
} from './notification-paths';

/**
 * What the gateway tells about a job (`notificationEventTypes`). The service has no events of
 * its own: these come from the gateway's poller (a training or an async speech task settling or
 * stalling) and its recorder (a generation's result, which arrives with the answer to the
 * creation). `budget.reached` is told when this month's committed spend reaches 80 % or 100 % of
 * the team's or a person's budget (server/usage): its data is a BudgetReached, not a job.
 */
export const notificationEventTypeSchema = z.enum(notificationEventTypes, {
  error: `events must each be one of ${notificationEventTypes.join(', ')}`,
});
export type NotificationEventType = z.infer<typeof notificationEventTypeSchema>;

/** Sent by "Send test event" to one webhook; never subscribed to. */
export const testEventType = 'webhook.test';
/** Told to a webhook's owner (inbox and push) when it is paused after failing for days. */
export const webhookPausedType = 'webhook.paused';

export const webhookFormatSchema = z.enum(webhookFormats, {
  error: `format must be one of ${webhookFormats.join(', ')}`,
});
export type WebhookFormat = z.infer<typeof webhookFormatSchema>;

export const webhookScopeSchema = z.enum(webhookScopes, {
  error: `scope must be one of ${webhookScopes.join(', ')}`,
});
export type WebhookScope = z.infer<typeof webhookScopeSchema>;

export const webhookUrlMaxLength = 2_000;
export const webhookDescriptionMaxLength = 200;

const webhookUrlSchema = httpUrl('url').check(
  z.maxLength(webhookUrlMaxLength, `url must be at most ${webhookUrlMaxLength} characters`),
);
const webhookEventsSchema = z.pipe(
  z
    .array(notificationEventTypeSchema, { error: 'events must be a list of event types' })
    .check(z.minLength(1, 'events must name at least one event type')),
  z.transform((events: NotificationEventType[]) => [...new Set(events)]),
);
const webhookDescriptionSchema = z
  .string({ error: 'description must be a string' })
  .check(
    z.trim(),
    z.maxLength(
      webhookDescriptionMaxLength,
      `description must be at most ${webhookDescriptionMaxLength} characters`,
    ),
  );

/** `POST /api/webhooks`. */
export const createWebhookSchema = z.object({
  url: webhookUrlSchema,
  events: webhookEventsSchema,
  format: z._default(webhookFormatSchema, 'standard'),
  scope: z._default(webhookScopeSchema, 'personal'),
  description: z._default(webhookDescriptionSchema, ''),
});
export type CreateWebhook = z.input<typeof createWebhookSchema>;

/** `PATCH /api/webhooks/{id}`: what changes; `paused: false` resumes a paused webhook. */
export const updateWebhookSchema = z.object({
  url: z.optional(webhookUrlSchema),
  events: z.optional(webhookEventsSchema),
  format: z.optional(webhookFormatSchema),
  scope: z.optional(webhookScopeSchema),
  description: z.optional(webhookDescriptionSchema),
  paused: z.optional(z.boolean({ error: 'paused must be true or false' })),
});
export type UpdateWebhook = z.input<typeof updateWebhookSchema>;

export const webhookOwnerSchema = z.object({ id: z.string(), name: z.string() });

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(notificationEventTypeSchema),
  format: webhookFormatSchema,
  scope: webhookScopeSchema,
  description: z.string(),
  /** Who made it; null in open mode. */
  owner: z.nullable(webhookOwnerSchema),
  /** Whether the person asking may change it (its owner, or anyone in open mode). */
  editable: z.boolean(),
  /** `paused` after failing for `pauseAfterFailingDays` days, or by hand. */
  status: z.enum(webhookStatuses),
  paused_reason: z.nullable(z.string()),
  /** Since when every attempt has failed; null once one succeeds. */
  failing_since: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  /** The secret shown once, cut to its prefix and last characters (`whsec_…x9Qa`): tells secrets apart. */
  secret_hint: z.string(),
  /** Until when the secret before the last rotation still signs; null without an overlap. */
  previous_secret_until: z.nullable(z.string()),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The answer to creating a webhook or rotating its secret: the only time the secret is shown. */
export const webhookWithSecretSchema = z.extend(webhookSchema, { secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const webhookListSchema = z.object({ data: z.array(webhookSchema) });

export const deliveryStatuses = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/** One try at a delivery, as the log keeps it. */
export const deliveryAttemptSchema = z.object({
  at: z.string(),
  /** The receiver's HTTP status; null when none came (refused, timed out, unreachable). */
  status_code: z.nullable(z.number().check(z.int())),
  duration_ms: z.number().check(z.int()),
  /** The start of the receiver's answer (at most 1,000 characters). */
  response_excerpt: z.string(),
  /** Why it failed without an answer, or why the target was refused. */
  error: z.nullable(z.string()),
});
export type DeliveryAttempt = z.infer<typeof deliveryAttemptSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  /** The `webhook-id` header: the same on every attempt and redelivery of one event. */
  message_id: z.string(),
  event_type: z.string(),
  /** The history entry it tells of; null for a test event. */
  entry_id: z.nullable(z.string()),
  /** `event`, `test` or `redelivery` (sent again by hand). */
  origin: z.enum(['event', 'test', 'redelivery']),
  /** `pending` while attempts remain; `failed` once retries gave up (24 h). */
  status: z.enum(deliveryStatuses),
  created_at: z.string(),
  /** When the next attempt is due, while pending. */
  next_attempt_at: z.nullable(z.string()),
  attempts: z.array(deliveryAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.object({ data: z.array(webhookDeliverySchema) });

/** The body of a `standard` webhook: `{ type, timestamp, data }`. */
export const notificationEventSchema = z.object({
  type: z.string(),
  timestamp: z.string(),
  data: z.union([notificationJobSchema, z.record(z.string(), z.unknown())]),
});
export type NotificationEvent = z.infer<typeof notificationEventSchema>;

/** A browser's push subscription (PushSubscription.toJSON()). */
export const pushSubscriptionInputSchema = z.object({
  endpoint: httpUrl('endpoint').check(
    z.refine(
      (url) =>
        url.startsWith('https:') || /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])[:/]/.test(url),
      { message: 'endpoint must be an https URL' },
    ),
  ),
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.object(
    {
      p256dh: z
        .string({ error: 'keys.p256dh is required' })
        .check(z.minLength(1, 'keys.p256dh must not be empty')),
      auth: z
        .string({ error: 'keys.auth is required' })
        .check(z.minLength(1, 'keys.auth must not be empty')),
    },
    { error: 'keys is required, with p256dh and auth' },
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

export const pushDeviceSchema = z.object({
  id: z.string(),
  /** The browser it was made in, as its User-Agent named it. */
  user_agent: z.nullable(z.string()),
  /** The push service's origin (Google's, Mozilla's, Apple's). */
  service: z.string(),
  created_at: z.string(),
  last_push_at: z.nullable(z.string()),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;

/** `GET /api/notifications/push`. */
export const pushInfoSchema = z.object({
  /** The VAPID public key (base64url), the `applicationServerKey` of a subscription. */
  public_key: z.string(),
  devices: z.array(pushDeviceSchema),
});
export type PushInfo = z.infer<typeof pushInfoSchema>;

/** What a push message carries to the service worker. */
export const pushMessageSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** The page a click opens (a path on the dashboard). */
  url: z.string(),
  /** Replaces an earlier notification of the same job. */
  tag: z.string(),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;
