import type { PushInfo, Webhook } from './contract/notifications';
import {
  notificationEventTypes,
  webhookFormats,
  webhookScopes,
  webhookStatuses,
} from './contract/notification-paths';
import {
  arrayOf,
  isBoolean,
  isNullableString,
  isString,
  nullable,
  objectOf,
  oneOf,
} from './hand-check';

/**
 * Hand checks of the answers Settings reads as it opens, in gateway mode: the webhooks and this
 * person's push devices (./contract/notifications.ts). The notification schemas import the
 * inbox's and, with them, the group every page's answers fall back on: judged by zod, either
 * answer built close to three hundred schemas on a phone's main thread while the page starts.
 * Each check is true only for a value its schema accepts and returns unchanged; a value one
 * refuses goes to zod, which names the issue.
 */

/** `webhookSchema`: `GET` or `PATCH /api/webhooks/{id}`, and each of the list's. */
export const isWebhook = objectOf({
  id: isString,
  url: isString,
  events: arrayOf(oneOf(notificationEventTypes)),
  format: oneOf(webhookFormats),
  scope: oneOf(webhookScopes),
  description: isString,
  owner: nullable(objectOf({ id: isString, name: isString })),
  editable: isBoolean,
  status: oneOf(webhookStatuses),
  paused_reason: isNullableString,
  failing_since: isNullableString,
  created_at: isString,
  updated_at: isString,
  secret_hint: isString,
  previous_secret_until: isNullableString,
}) as (value: unknown) => value is Webhook;

/** `webhookListSchema`: `GET /api/webhooks`. */
export const isWebhookList = objectOf({ data: arrayOf(isWebhook) }) as (
  value: unknown,
) => value is { data: Webhook[] };

/** `pushInfoSchema`: `GET /api/notifications/push`. */
export const isPushInfo = objectOf({
  public_key: isString,
  devices: arrayOf(
    objectOf({
      id: isString,
      user_agent: isNullableString,
      service: isString,
      created_at: isString,
      last_push_at: isNullableString,
    }),
  ),
}) as (value: unknown) => value is PushInfo;
