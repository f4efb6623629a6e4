import { Hono } from 'hono';
import { Webhook as Verifier } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import {
  inboxSchema,
  pushInfoSchema,
  webhookDeliveryListSchema,
  webhookWithSecretSchema,
} from '../../src/api/contract/notifications';
import { engines, record, testStore, type TestStore } from '../history/test-store';
import { captureLogger } from '../test-support/gateway-server';
import { startPushService, type PushService } from '../test-support/push-service';
import { startWebhookReceiver } from '../test-support/webhook-receiver';
import { createGatewayMetrics, type GatewayMetrics } from '../ops/metrics';
import { createNotifier, type Notifier } from './notifier';

let t: TestStore | null = null;
let notifier: Notifier | null = null;
const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await notifier?.close();
  notifier = null;
  for (const close of closers.splice(0)) await close();
  await t?.cleanup();
  t = null;
});

/** An open-mode gateway's notifications on a fresh history, with retries seconds apart. */
async function setUp(engine: 'sqlite' | 'postgres', allowPrivate = true, metrics?: GatewayMetrics) {
  t = await testStore(engine);
  // The history's own connection, as in the gateway: notices and deliveries in one database.
  notifier = createNotifier({
    db: t.storeDb,
    history: t.store,
    logger: captureLogger(),
    leading: () => true,
    openMode: true,
    policy: { allowPrivate },
    publicUrl: () => 'https://studio.example.com',
    vapidSubject: 'mailto:ops@example.com',
    idleMs: 100,
    schedule: { firstMs: 300, factor: 2, maxStepMs: 1_000, giveUpAfterMs: 60_000 },
    ...(metrics && { metrics }),
  });
  const app = new Hono().route('/', notifier.routes);
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await app.request(path, {
      method,
      headers: { 'content-type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (res.status === 204) return { status: res.status, body: null };
    try {
      return { status: res.status, body: JSON.parse(text) as unknown };
    } catch {
      throw new Error(`${method} ${path}: ${res.status} ${text}`);
    }
  };
  return { call };
}

async function finishTraining(id: string) {
  await t!.store.insert(
    record({ id, name: 'calm_narrator', created_at: new Date(Date.now() - 60_000).toISOString() }),
  );
  await t!.store.applyStatus(id, { status: 'running', progress: 50 }, new Date().toISOString());
  await t!.store.applyStatus(
    id,
    { status: 'completed', progress: 100, total_cost: 2.5, asset_url: 'https://x/v.bin' },
    new Date().toISOString(),
  );
}

describe.each(engines)('notifications on %s', (engine) => {
  it('deliver a finished training, signed, to a standard and a Slack webhook and to a device', async () => {
    const { call } = await setUp(engine);
    const standard = await startWebhookReceiver();
    const slack = await startWebhookReceiver();
    const push: PushService = await startPushService();
    closers.push(standard.close, slack.close, push.close);

    const created = await call('POST', '/api/webhooks', {
      url: standard.url,
      events: ['training.completed'],
    });
    expect(created.status).toBe(201);
    const hook = webhookWithSecretSchema.parse(created.body);
    expect(hook.secret).toMatch(/^whsec_/);
    expect(
      (
        await call('POST', '/api/webhooks', {
          url: slack.url,
          events: ['training.completed'],
          format: 'slack',
        })
      ).status,
    ).toBe(201);
    const info = pushInfoSchema.parse((await call('GET', '/api/notifications/push')).body);
    const subscription = push.subscribe({ applicationServerKey: info.public_key });
    expect((await call('POST', '/api/notifications/push/devices', subscription)).status).toBe(201);

    await finishTraining('job-done');

    const [hit] = await standard.waitFor(1);
    const event = new Verifier(hook.secret).verify(hit!.body, {
      'webhook-id': String(hit!.headers['webhook-id']),
      'webhook-timestamp': String(hit!.headers['webhook-timestamp']),
      'webhook-signature': String(hit!.headers['webhook-signature']),
    }) as { type: string; data: Record<string, unknown> };
    expect(event.type).toBe('training.completed');
    expect(event.data).toMatchObject({
      id: 'job-done',
      name: 'calm_narrator',
      status: 'completed',
      cost: 2.5,
      url: 'https://studio.example.com/jobs/job-done',
    });
    const [chat] = await slack.waitFor(1);
    const slackBody = JSON.parse(chat!.body) as { text: string; blocks: unknown[] };
    expect(slackBody.text).toContain('calm_narrator');
    expect(slackBody.blocks.length).toBeGreaterThan(1);
    const [pushed] = await push.waitFor(1);
    expect(pushed!.payload).toMatchObject({ url: '/jobs/job-done', tag: 'job-done' });
    expect(JSON.stringify(pushed!.payload)).toContain('calm_narrator');

    const inbox = inboxSchema.parse((await call('GET', '/api/inbox')).body);
    expect(inbox.unread).toBe(1);
    expect(inbox.items[0]).toMatchObject({
      type: 'training.completed',
      url: '/jobs/job-done',
      read: false,
    });
    expect((await call('POST', '/api/inbox/read', { all: true })).body).toEqual({ unread: 0 });
  });

  it('retry a receiver that answers 500 with the same webhook-id, and log and count both attempts', async () => {
    const metrics = createGatewayMetrics();
    const { call } = await setUp(engine, true, metrics);
    const flaky = await startWebhookReceiver([500, 200]);
    closers.push(flaky.close);
    const hook = webhookWithSecretSchema.parse(
      (await call('POST', '/api/webhooks', { url: flaky.url, events: ['training.completed'] }))
        .body,
    );
    await finishTraining('job-retried');
    const hits = await flaky.waitFor(2);
    expect(hits[1]!.headers['webhook-id']).toBe(hits[0]!.headers['webhook-id']);
    await notifier!.idle();
    const log = webhookDeliveryListSchema.parse(
      (await call('GET', `/api/webhooks/${hook.id}/deliveries`)).body,
    );
    expect(log.data).toHaveLength(1);
    expect(log.data[0]).toMatchObject({ status: 'succeeded', entry_id: 'job-retried' });
    expect(log.data[0]!.attempts.map((a) => a.status_code)).toEqual([500, 200]);
    expect(log.data[0]!.attempts[0]!.response_excerpt).toBe('receiver is down');
    const text = await metrics.registry.metrics();
    expect(text).toContain(
      'notification_delivery_attempts_total{channel="webhook",outcome="retrying"} 1',
    );
    expect(text).toContain(
      'notification_delivery_attempts_total{channel="webhook",outcome="succeeded"} 1',
    );
    expect(text).toMatch(/^notification_deliveries_pending 0$/m);
  });
});

describe('replicas on one PostgreSQL database', () => {
  it('make each attempt once, whichever replica fans out or delivers', async () => {
    const { call } = await setUp('postgres');
    const receiver = await startWebhookReceiver();
    closers.push(receiver.close);
    // A second replica: its own pool, change feed and worker on the same database. Both fan
    // out here, the worst case a lead handover can bring.
    const otherStore = await t!.reopen();
    const otherDb = await t!.openDb();
    const other = createNotifier({
      db: otherDb,
      history: otherStore,
      logger: captureLogger(),
      leading: () => true,
      openMode: true,
      policy: { allowPrivate: true },
      publicUrl: () => 'https://studio.example.com',
      vapidSubject: 'mailto:ops@example.com',
      idleMs: 50,
    });
    closers.push(async () => {
      await other.close();
      await otherDb.close();
    });
    expect(
      (await call('POST', '/api/webhooks', { url: receiver.url, events: ['training.completed'] }))
        .status,
    ).toBe(201);
    for (let i = 0; i < 6; i += 1) await finishTraining(`job-${i}`);
    await receiver.waitFor(6);
    await Promise.all([notifier!.idle(), other.idle()]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const ids = receiver.received.map((hit) => String(hit.headers['webhook-id']));
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
  });
});

describe('webhook targets', () => {
  it('refuse cloud metadata always, and loopback unless private targets are allowed', async () => {
    const { call } = await setUp('sqlite', false);
    const metadata = await call('POST', '/api/webhooks', {
      url: 'http://169.254.169.254/latest/meta-data',
      events: ['training.completed'],
    });
    expect(metadata.status).toBe(400);
    expect(JSON.stringify(metadata.body)).toContain('metadata');
    const loopback = await call('POST', '/api/webhooks', {
      url: 'http://127.0.0.1:9/hook',
      events: ['training.completed'],
    });
    expect(loopback.status).toBe(400);
    expect(JSON.stringify(loopback.body)).toContain('WEBHOOK_ALLOW_PRIVATE');
  });

  it('name the field and the rule of a bad webhook', async () => {
    const { call } = await setUp('sqlite');
    const bad = await call('POST', '/api/webhooks', { url: 'ftp://x', events: [] });
    expect(bad.status).toBe(400);
    const message = JSON.stringify(bad.body);
    expect(message).toContain('url must be an absolute http(s) URL');
    expect(message).toContain('events must name at least one event type');
  });
});
