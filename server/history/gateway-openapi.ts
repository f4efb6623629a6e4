import type { z } from 'zod';
import { gatewayStatusSchema } from '../../src/api/contract/gateway';
import { gatewayStatusPath } from '../../src/api/contract/gateway-paths';
import {
  historyEntrySchema,
  historyEventSchema,
  historyEventsPath,
  historyImportPath,
  historyImportRequestSchema,
  historyImportResponseSchema,
  historyListSchema,
  historyPath,
  historyPeoplePath,
  historyPeopleQuerySchema,
  historyPeopleSchema,
  historyQuerySchema,
} from '../../src/api/contract/history';

import { notifyOpenApiPaths } from '../notify/notify-openapi';
import { error, json, jsonSchema } from '../openapi-json';
import { usageOpenApiPaths } from '../usage/usage-openapi';

const idParameter = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'The entry id: a task id, file id, sandbox id, or one the gateway made.',
  schema: { type: 'string' },
};

/** Query parameters from one of the contract's query schemas, each with its JSON Schema. */
function queryParameters(query: z.core.$ZodObject = historyQuerySchema) {
  const shape = query._zod.def.shape;
  return Object.entries(shape).map(([name, schema]) => ({
    name,
    in: 'query',
    required: false,
    schema: jsonSchema(schema as z.core.$ZodType, 'input'),
  }));
}

/**
 * The gateway's own endpoints (outside the service's /api/v1): its status and the history it
 * keeps of everything that passed through it. Served at /api/openapi.json.
 */
export function gatewayOpenApiDocument() {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Media Studio gateway',
      version: '1.0.0',
      description:
        'The gateway in front of the media service: its status, the account-wide history of every creation that passed through it, and the webhooks, push devices and inboxes it tells when work ends, and the usage and budgets it counts and enforces. The service API itself is under /api/v1.',
    },
    paths: {
      ...notifyOpenApiPaths(),
      ...usageOpenApiPaths(),
      [gatewayStatusPath]: {
        get: {
          operationId: 'getGatewayStatus',
          summary: 'Which backend the gateway forwards to, and whether it holds credentials.',
          responses: { '200': { description: 'The status.', content: json(gatewayStatusSchema) } },
        },
      },
      [historyPath]: {
        get: {
          operationId: 'listHistory',
          summary: 'History entries, newest first, filtered, searched and paged by cursor.',
          parameters: queryParameters(),
          responses: {
            '200': { description: 'One page.', content: json(historyListSchema) },
            '400': error('A parameter breaks its rule (named in the message).'),
          },
        },
      },
      [historyPeoplePath]: {
        get: {
          operationId: 'listHistoryPeople',
          summary:
            'Everyone who started an entry (of the kinds given), by name: the values of `started_by`. Empty when the gateway does not ask for sign-in.',
          parameters: queryParameters(historyPeopleQuerySchema),
          responses: {
            '200': { description: 'The people.', content: json(historyPeopleSchema) },
            '400': error('A parameter breaks its rule (named in the message).'),
          },
        },
      },
      [`${historyPath}/{id}`]: {
        get: {
          operationId: 'getHistoryEntry',
          summary: 'One entry with every reading kept (up to 500).',
          parameters: [idParameter],
          responses: {
            '200': { description: 'The entry.', content: json(historyEntrySchema) },
            '404': error('No entry has this id.'),
          },
        },
        delete: {
          operationId: 'deleteHistoryEntry',
          summary: 'Removes the entry from every view; the service keeps the resource.',
          parameters: [idParameter],
          responses: {
            '204': { description: 'Removed.' },
            '403': error(
              'Signed in as someone other than who started the entry: only they may remove it.',
            ),
            '404': error('No entry has this id.'),
          },
        },
      },
      [`${historyPath}/{id}/audio`]: {
        get: {
          operationId: 'getHistoryAudio',
          summary: 'The audio of a synchronous speech take, kept by the gateway.',
          parameters: [idParameter],
          responses: {
            '200': {
              description: 'The audio bytes.',
              content: { 'audio/*': { schema: { type: 'string', contentMediaType: 'audio/*' } } },
            },
            '404': error('No entry with kept audio has this id.'),
          },
        },
      },
      [historyEventsPath]: {
        get: {
          operationId: 'streamHistoryEvents',
          summary:
            'Server-Sent Events: `event: history`, `id` = change number, `data` = one HistoryEvent. Resume with Last-Event-ID.',
          parameters: [
            {
              name: 'Last-Event-ID',
              in: 'header',
              required: false,
              description: 'The id of the last event received: the changes after it are replayed.',
              schema: { type: 'string' },
            },
            {
              name: 'last_event_id',
              in: 'query',
              required: false,
              description: 'The same, for clients that cannot set headers.',
              schema: { type: 'string' },
            },
          ],
          responses: {
            '200': {
              description: 'The stream; each `data` line is a HistoryEvent as JSON.',
              content: {
                'text/event-stream': { schema: jsonSchema(historyEventSchema, 'output') },
              },
            },
          },
        },
      },
      [historyImportPath]: {
        post: {
          operationId: 'importHistory',
          summary: 'Entries a browser kept on its own; ids the gateway has are skipped.',
          requestBody: { required: true, content: json(historyImportRequestSchema, 'input') },
          responses: {
            '200': {
              description: 'What was imported and skipped.',
              content: json(historyImportResponseSchema),
            },
            '400': error('The body breaks its rule (named in the message).'),
            '413': error('The body is over 64 MB.'),
          },
        },
      },
    },
  };
}
