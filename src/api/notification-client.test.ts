import { describe, expect, it } from 'vitest';
import type { Connection } from '../lib/connection-settings';
import { ApiError, clientErrorCodes } from './api-error';
import { createApiClient } from './client';
import { webhookOf } from '../test/webhook';

interface Sent {
  url: string;
  method: string;
  headers: Headers;
  body: string | null;
}

/** A client whose fetch answers from a list, one response per request, and records what was sent. */
function clientWith(answers: Response[], connection: Connection = { mode: 'gateway' }) {
  const sent: Sent[] = [];
  const client = createApiClient({
    getConnection: () => connection,
    fetch: async (input, init) => {
      sent.push({
        url: String(input),
        method: init?.method ?? 'GET',
        headers: new Headers(init?.headers),
        body: typeof init?.body === 'string' ? init.body : null,
      });
      const answer = answers.shift();
      if (!answer) throw new TypeError('no more answers');
      return answer;
    },
    sleep: async () => undefined,
  });
  return { client, sent };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const busy = () => json(503, { error: { code: 'unavailable', message: 'busy' } });
const noContent = () => new Response(null, { status: 204 });

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

const webhook = webhookOf();
const delivery = {
  id: 'dl_1',
  message_id: 'msg_1',
  event_type: 'webhook.test',
  entry_id: null,
  origin: 'test',
  status: 'pending',
  created_at: '2026-11-27T08:00:00Z',
  next_attempt_at: null,
  attempts: [],
};

describe('webhooks client', () => {
  it('lists webhooks from the gateway, same origin, without a key', async () => {
    const { client, sent } = clientWith([json(200, { data: [webhook] })]);
    expect(await client.listWebhooks()).toEqual({ data: [webhook] });
    expect(sent[0]).toMatchObject({ url: '/api/webhooks', method: 'GET' });
    expect(sent[0]?.headers.get('authorization')).toBeNull();
  });

  it('creates a webhook once, as JSON, and reads its secret from the answer', async () => {
    const body = {
      url: 'https://hooks.example.com/in',
      events: ['training.completed' as const],
      format: 'slack' as const,
    };
    const { client, sent } = clientWith([
      busy(),
      json(201, { ...webhook, format: 'slack', secret: 'whsec_abc' }),
    ]);
    expect((await failure(client.createWebhook(body))).status).toBe(503);
    expect(sent).toHaveLength(1);
    expect(await client.createWebhook(body)).toMatchObject({ secret: 'whsec_abc' });
    expect(sent[1]).toMatchObject({
      url: '/api/webhooks',
      method: 'POST',
      body: JSON.stringify(body),
    });
    expect(sent[1]?.headers.get('content-type')).toBe('application/json');
  });

  it('judges a list or a push answer its hand check refuses by the schema, naming the field', async () => {
    const { client } = clientWith([
      json(200, { data: [{ ...webhook, events: ['job.deleted'] }] }),
      json(200, { data: [{ ...webhook, secret: 'whsec_abc' }] }),
      json(200, { public_key: 7, devices: [] }),
    ]);
    const unknownEvent = await failure(client.listWebhooks());
    expect(unknownEvent.code).toBe(clientErrorCodes.invalidResponse);
    expect(unknownEvent.message).toMatch(/events/);
    // A key the schema drops is no error: zod's answer, without it.
    expect(await client.listWebhooks()).toStrictEqual({ data: [webhook] });
    const badKey = await failure(client.pushInfo());
    expect(badKey.code).toBe(clientErrorCodes.invalidResponse);
    expect(badKey.message).toMatch(/public_key/);
  });

  it('refuses a created webhook without its secret as an unexpected answer', async () => {
    const { client } = clientWith([json(201, webhook)]);
    const error = await failure(client.createWebhook({ url: 'https://x.example', events: [] }));
    expect(error.code).toBe(clientErrorCodes.invalidResponse);
    expect(error.message).toMatch(/secret/);
  });

  it('changes, pauses and deletes by the escaped id, taking 204 as done', async () => {
    const { client, sent } = clientWith([
      json(200, { ...webhook, status: 'paused', paused_reason: 'Paused by hand' }),
      noContent(),
    ]);
    expect(await client.updateWebhook('a/b', { paused: true })).toMatchObject({
      status: 'paused',
    });
    expect(await client.deleteWebhook('a/b')).toBeNull();
    expect(sent.map((s) => `${s.method} ${s.url} ${s.body}`)).toEqual([
      'PATCH /api/webhooks/a%2Fb {"paused":true}',
      'DELETE /api/webhooks/a%2Fb null',
    ]);
  });

  it('sends a test, rotates the secret and redelivers once each, never a second time', async () => {
    const { client, sent } = clientWith([
      busy(),
      busy(),
      busy(),
      json(202, delivery),
      json(200, { ...webhook, secret: 'whsec_new', previous_secret_until: '2026-11-28T08:00:00Z' }),
      json(202, { ...delivery, origin: 'redelivery' }),
    ]);
    await failure(client.testWebhook('wh_1'));
    await failure(client.rotateWebhookSecret('wh_1'));
    await failure(client.redeliverWebhook('wh_1', 'dl_1'));
    expect(sent).toHaveLength(3);
    expect(await client.testWebhook('wh_1')).toEqual(delivery);
    expect(await client.rotateWebhookSecret('wh_1')).toMatchObject({ secret: 'whsec_new' });
    expect(await client.redeliverWebhook('wh_1', 'dl 1')).toMatchObject({ origin: 'redelivery' });
    expect(sent.slice(3).map((s) => `${s.method} ${s.url}`)).toEqual([
      'POST /api/webhooks/wh_1/test',
      'POST /api/webhooks/wh_1/rotate-secret',
      'POST /api/webhooks/wh_1/deliveries/dl%201/redeliver',
    ]);
  });

  it('reads deliveries with their attempts, trying a busy gateway again', async () => {
    const attempt = {
      at: '2026-11-27T08:00:01Z',
      status_code: 200,
      duration_ms: 12,
      response_excerpt: 'ok',
      error: null,
    };
    const list = { data: [{ ...delivery, status: 'succeeded', attempts: [attempt] }] };
    const { client, sent } = clientWith([busy(), json(200, list)]);
    expect(await client.listWebhookDeliveries('wh_1')).toEqual(list);
    expect(sent.map((s) => s.url)).toEqual([
      '/api/webhooks/wh_1/deliveries',
      '/api/webhooks/wh_1/deliveries',
    ]);
  });

  it('keeps the gateway’s refusal, with its message naming the field', async () => {
    const message = 'url points at 169.254.169.254, the cloud metadata address';
    const { client } = clientWith([json(400, { error: { code: 'invalid_request', message } })]);
    const error = await failure(
      client.createWebhook({ url: 'http://169.254.169.254/', events: ['training.completed'] }),
    );
    expect(error).toMatchObject({ status: 400, code: 'invalid_request', message });
  });

  it('has no webhooks in direct mode and sends nothing', async () => {
    const { client, sent } = clientWith([], {
      mode: 'direct',
      baseUrl: 'https://api.example.com',
      apiKey: 'sk',
    });
    const error = await failure(client.listWebhooks());
    expect(error.code).toBe(clientErrorCodes.gatewayOnly);
    expect(error.message).toBe(
      "GET /api/webhooks is the gateway's: in direct mode there is no gateway to send notifications.",
    );
    expect(sent).toHaveLength(0);
  });
});

describe('push client', () => {
  const device = {
    id: 'pd_1',
    user_agent: 'Mozilla/5.0',
    service: 'https://fcm.googleapis.com',
    created_at: '2026-11-27T08:00:00Z',
    last_push_at: null,
  };

  it('reads the key and devices, registers a subscription, removes a device and tests', async () => {
    const subscription = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      expirationTime: null,
      keys: { p256dh: 'BPk', auth: 'au' },
    };
    const { client, sent } = clientWith([
      json(200, { public_key: 'BAbc', devices: [] }),
      json(201, device),
      noContent(),
      json(202, { sent: 2 }),
    ]);
    expect(await client.pushInfo()).toEqual({ public_key: 'BAbc', devices: [] });
    expect(await client.addPushDevice(subscription)).toEqual(device);
    expect(await client.removePushDevice('pd_1')).toBeNull();
    expect(await client.testPush()).toEqual({ sent: 2 });
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      'GET /api/notifications/push',
      'POST /api/notifications/push/devices',
      'DELETE /api/notifications/push/devices/pd_1',
      'POST /api/notifications/push/test',
    ]);
    expect(JSON.parse(sent[1]!.body!)).toEqual(subscription);
  });
});

describe('inbox client', () => {
  it('reads a scope of the inbox with its query, and marks items or all read', async () => {
    const inbox = {
      items: [
        {
          id: 'in_1',
          type: 'training.completed',
          title: 'Training my_voice completed',
          at: '2026-11-27T08:00:00Z',
          job: null,
          url: '/jobs/t1',
          read: false,
        },
      ],
      unread: 4,
    };
    const { client, sent } = clientWith([
      json(200, inbox),
      json(200, { unread: 3 }),
      json(200, { unread: 0 }),
    ]);
    expect(await client.inbox({ scope: 'everyone', limit: 30 })).toEqual(inbox);
    expect(await client.markInboxRead({ ids: ['in_1'] })).toEqual({ unread: 3 });
    expect(await client.markInboxRead({ all: true })).toEqual({ unread: 0 });
    expect(sent.map((s) => `${s.method} ${s.url} ${s.body}`)).toEqual([
      'GET /api/inbox?scope=everyone&limit=30 null',
      'POST /api/inbox/read {"ids":["in_1"]}',
      'POST /api/inbox/read {"all":true}',
    ]);
  });

  it('names the inbox’s path without its query when an answer is wrong', async () => {
    const { client } = clientWith([json(200, { items: [] })]);
    const error = await failure(client.inbox({ scope: 'mine' }));
    expect(error.code).toBe(clientErrorCodes.invalidResponse);
    expect(error.message).toMatch(/^Unexpected response from GET \/api\/inbox: unread/);
  });
});
