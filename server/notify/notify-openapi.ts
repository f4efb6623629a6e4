import {
  createWebhookSchema,
  inboxQuerySchema,
  inboxReadSchema,
  inboxSchema,
  pushDeviceSchema,
  pushInfoSchema,
  pushSubscriptionInputSchema,
  updateWebhookSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookListSchema,
  webhookSchema,
  webhookWithSecretSchema,
} from '../../src/api/contract/notifications';
import type { z } from 'zod';
import { error, json, jsonSchema, pathParameter } from '../openapi-json';

const webhookId = pathParameter('id', 'The webhook id (`wh_…`).');
const invalid = error('The body breaks a rule (each field named in the message).');
const missing = error('No webhook with this id that you may see.');
const notYours = error('The webhook belongs to someone else: only its owner changes it.');

/** The notification endpoints' part of the gateway's OpenAPI document (docs/notifications.md). */
export function notifyOpenApiPaths() {
  return {
    '/api/webhooks': {
      get: {
        operationId: 'listWebhooks',
        summary: 'Your webhooks and the team-wide ones.',
        responses: { '200': { description: 'The webhooks.', content: json(webhookListSchema) } },
      },
      post: {
        operationId: 'createWebhook',
        summary: 'Registers a webhook; the answer holds its secret (`whsec_…`), shown this once.',
        requestBody: { required: true, content: json(createWebhookSchema, 'input') },
        responses: {
          '201': { description: 'Created.', content: json(webhookWithSecretSchema) },
          '400': invalid,
        },
      },
    },
    '/api/webhooks/{id}': {
      get: {
        operationId: 'getWebhook',
        summary: 'One webhook.',
        parameters: [webhookId],
        responses: {
          '200': { description: 'The webhook.', content: json(webhookSchema) },
          '404': missing,
        },
      },
      patch: {
        operationId: 'updateWebhook',
        summary: 'Changes a webhook; `paused: false` resumes one that was paused.',
        parameters: [webhookId],
        requestBody: { required: true, content: json(updateWebhookSchema, 'input') },
        responses: {
          '200': { description: 'The webhook as changed.', content: json(webhookSchema) },
          '400': invalid,
          '403': notYours,
          '404': missing,
        },
      },
      delete: {
        operationId: 'deleteWebhook',
        summary: 'Removes a webhook and the deliveries it still had waiting.',
        parameters: [webhookId],
        responses: { '204': { description: 'Removed.' }, '403': notYours, '404': missing },
      },
    },
    '/api/webhooks/{id}/rotate-secret': {
      post: {
        operationId: 'rotateWebhookSecret',
        summary: 'A new secret (shown once); the old one signs beside it for 24 hours.',
        parameters: [webhookId],
        responses: {
          '200': {
            description: 'The webhook with its new secret.',
            content: json(webhookWithSecretSchema),
          },
          '403': notYours,
          '404': missing,
        },
      },
    },
    '/api/webhooks/{id}/test': {
      post: {
        operationId: 'testWebhook',
        summary: 'Queues a `webhook.test` event to this webhook alone.',
        parameters: [webhookId],
        responses: {
          '202': { description: 'The delivery, queued.', content: json(webhookDeliverySchema) },
          '403': notYours,
          '404': missing,
        },
      },
    },
    '/api/webhooks/{id}/deliveries': {
      get: {
        operationId: 'listWebhookDeliveries',
        summary: 'The newest deliveries (50), each with every attempt.',
        parameters: [webhookId],
        responses: {
          '200': { description: 'The deliveries.', content: json(webhookDeliveryListSchema) },
          '404': missing,
        },
      },
    },
    '/api/webhooks/{id}/deliveries/{deliveryId}/redeliver': {
      post: {
        operationId: 'redeliverWebhookDelivery',
        summary: 'Sends a delivery again, with the same `webhook-id`.',
        parameters: [webhookId, pathParameter('deliveryId', 'The delivery id (`dlv_…`).')],
        responses: {
          '202': { description: 'The new delivery, queued.', content: json(webhookDeliverySchema) },
          '403': notYours,
          '404': error('This webhook has no delivery with this id.'),
        },
      },
    },
    '/api/notifications/push': {
      get: {
        operationId: 'getPushInfo',
        summary: "The gateway's VAPID public key and your devices.",
        responses: { '200': { description: 'Key and devices.', content: json(pushInfoSchema) } },
      },
    },
    '/api/notifications/push/devices': {
      post: {
        operationId: 'addPushDevice',
        summary: "Keeps a browser's push subscription (PushSubscription.toJSON()).",
        requestBody: { required: true, content: json(pushSubscriptionInputSchema, 'input') },
        responses: {
          '201': { description: 'The device.', content: json(pushDeviceSchema) },
          '400': invalid,
        },
      },
    },
    '/api/notifications/push/devices/{id}': {
      delete: {
        operationId: 'removePushDevice',
        summary: 'Stops pushing to one of your devices.',
        parameters: [pathParameter('id', 'The device id (`dev_…`).')],
        responses: {
          '204': { description: 'Removed.' },
          '404': error('You have no device with this id.'),
        },
      },
    },
    '/api/notifications/push/test': {
      post: {
        operationId: 'testPush',
        summary: 'Pushes a test notification to each of your devices.',
        responses: {
          '202': {
            description: 'How many devices it was queued for.',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { sent: { type: 'integer' } } },
              },
            },
          },
        },
      },
    },
    '/api/inbox': {
      get: {
        operationId: 'getInbox',
        summary: 'What finished lately, newest first, with the unread count.',
        parameters: Object.entries(inboxQuerySchema.shape).map(([name, schema]) => ({
          name,
          in: 'query',
          required: false,
          schema: jsonSchema(schema as z.core.$ZodType, 'input'),
        })),
        responses: {
          '200': { description: 'The inbox.', content: json(inboxSchema) },
          '400': error('A parameter breaks its rule (named in the message).'),
        },
      },
    },
    '/api/inbox/read': {
      post: {
        operationId: 'markInboxRead',
        summary: 'Marks some items (`ids`) or all of them (`all: true`) read.',
        requestBody: { required: true, content: json(inboxReadSchema, 'input') },
        responses: {
          '200': {
            description: 'The unread count after.',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { unread: { type: 'integer' } } },
              },
            },
          },
          '400': invalid,
        },
      },
    },
  };
}
