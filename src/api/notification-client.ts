import { z } from './contract/zod';
import type { RequestOptions } from './client';
import { CheckedSchema, lazySchemas, type SchemaSource } from './lazy-module';
import { isInbox } from './answer-checks';
import { isPushInfo, isWebhook, isWebhookList } from './notification-checks';
import { inboxPaths, pushPaths, webhookPaths } from './contract/notification-paths';
import type {
  CreateWebhook,
  InboxQuery,
  InboxRead,
  PushSubscriptionInput,
  UpdateWebhook,
} from './contract/notifications';
import { toSearchParams } from './search-params';

export type GatewayMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** How client.ts sends a request to the gateway's own API (gateway mode only). */
export type GatewayCaller = <S extends z.core.$ZodType>(
  method: GatewayMethod,
  url: string,
  schema: SchemaSource<S>,
  body: unknown,
  requestOptions?: RequestOptions,
) => Promise<z.output<S>>;

// The notification schemas load with the first request that needs them, like the history's;
// the inbox's on their own, as every page's bell reads it and only Settings the others. What
// Settings reads as it opens (the webhooks, the push devices), a webhook as it is paused or
// resumed, and the inbox are judged by hand checks, their schemas loaded only for an answer a
// check refuses (./answer-checks.ts, ./notification-checks.ts).
const schemaOf = lazySchemas(() => import('./contract/notifications'));
const inboxSchema = new CheckedSchema(
  isInbox,
  lazySchemas(() => import('./contract/inbox'))('inboxSchema'),
);
const webhookListSchema = new CheckedSchema(isWebhookList, schemaOf('webhookListSchema'));
const webhookSchema = new CheckedSchema(isWebhook, schemaOf('webhookSchema'));
const pushInfoSchema = new CheckedSchema(isPushInfo, schemaOf('pushInfoSchema'));

/**
 * A request that must reach the gateway once: a lost answer tried again would make a second
 * webhook, rotate its secret past the one shown, or send a test twice.
 */
const once = (requestOptions?: RequestOptions): RequestOptions => ({
  ...requestOptions,
  retries: 0,
});

/** The gateway's webhooks, push devices and inbox, as the app client offers them. */
export function notificationEndpoints(call: GatewayCaller) {
  return {
    /** This person's webhooks and every team webhook. */
    listWebhooks(requestOptions?: RequestOptions) {
      return call('GET', webhookPaths.list, webhookListSchema, undefined, requestOptions);
    },
    /** Creates a webhook; the answer carries its signing secret, the only time it is shown. */
    createWebhook(body: CreateWebhook, requestOptions?: RequestOptions) {
      return call(
        'POST',
        webhookPaths.list,
        schemaOf('webhookWithSecretSchema'),
        body,
        once(requestOptions),
      );
    },
    webhook(id: string, requestOptions?: RequestOptions) {
      return call('GET', webhookPaths.one(id), webhookSchema, undefined, requestOptions);
    },
    /** Changes a webhook; `paused: false` resumes one. */
    updateWebhook(id: string, body: UpdateWebhook, requestOptions?: RequestOptions) {
      return call('PATCH', webhookPaths.one(id), webhookSchema, body, requestOptions);
    },
    deleteWebhook(id: string, requestOptions?: RequestOptions) {
      return call('DELETE', webhookPaths.one(id), z.null(), undefined, requestOptions);
    },
    /** Sends a `webhook.test` event to this webhook alone. */
    testWebhook(id: string, requestOptions?: RequestOptions) {
      return call(
        'POST',
        webhookPaths.test(id),
        schemaOf('webhookDeliverySchema'),
        undefined,
        once(requestOptions),
      );
    },
    /** A new secret, shown once; the previous one keeps signing beside it for a while. */
    rotateWebhookSecret(id: string, requestOptions?: RequestOptions) {
      return call(
        'POST',
        webhookPaths.rotateSecret(id),
        schemaOf('webhookWithSecretSchema'),
        undefined,
        once(requestOptions),
      );
    },
    /** A webhook's recent deliveries, newest first, each with its attempts. */
    listWebhookDeliveries(id: string, requestOptions?: RequestOptions) {
      return call(
        'GET',
        webhookPaths.deliveries(id),
        schemaOf('webhookDeliveryListSchema'),
        undefined,
        requestOptions,
      );
    },
    /** Sends a delivery's event again, with the same message id. */
    redeliverWebhook(id: string, deliveryId: string, requestOptions?: RequestOptions) {
      return call(
        'POST',
        webhookPaths.redeliver(id, deliveryId),
        schemaOf('webhookDeliverySchema'),
        undefined,
        once(requestOptions),
      );
    },
    /** The gateway's push key and this person's devices. */
    pushInfo(requestOptions?: RequestOptions) {
      return call('GET', pushPaths.info, pushInfoSchema, undefined, requestOptions);
    },
    /** Registers this browser's push subscription (the gateway keeps one per endpoint). */
    addPushDevice(body: PushSubscriptionInput, requestOptions?: RequestOptions) {
      return call('POST', pushPaths.devices, schemaOf('pushDeviceSchema'), body, requestOptions);
    },
    removePushDevice(id: string, requestOptions?: RequestOptions) {
      return call('DELETE', pushPaths.device(id), z.null(), undefined, requestOptions);
    },
    /** Pushes a test notification to every device of this person. */
    testPush(requestOptions?: RequestOptions) {
      return call(
        'POST',
        pushPaths.test,
        z.object({ sent: z.number() }),
        undefined,
        once(requestOptions),
      );
    },
    /** The newest inbox items of a scope, and how many of it are unread. */
    inbox(query: InboxQuery, requestOptions?: RequestOptions) {
      const search = toSearchParams(query);
      const url = search ? `${inboxPaths.list}?${search}` : inboxPaths.list;
      return call('GET', url, inboxSchema, undefined, requestOptions);
    },
    /** Marks some items, or all of them, as read; answers the unread count left. */
    markInboxRead(body: InboxRead, requestOptions?: RequestOptions) {
      return call(
        'POST',
        inboxPaths.read,
        z.object({ unread: z.number().check(z.int()) }),
        body,
        requestOptions,
      );
    },
  };
}
