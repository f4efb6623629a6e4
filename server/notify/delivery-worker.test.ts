import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { NotificationEvent, NotificationJob } from '../../src/api/contract/notifications';
import type { SqlDb } from '../db/sql-db';
import { freshDatabase } from './test-database';
import { captureLogger } from '../test-support/gateway-server';
import { startPushService, type PushService } from '../test-support/push-service';
import { startWebhookReceiver } from '../test-support/webhook-receiver';
import { deliveryQueue, type NewDelivery } from './delivery-queue';
import { deliveryWorker, pushMessageOf } from './delivery-worker';
import { inboxStore } from './inbox';
import { pushDevices, vapidKeysOf } from './push-devices';
import type { RetrySchedule } from './retry-schedule';
import { signatureOf } from './signature';
import { webhookBody } from './webhook-body';
import { webhookStore, type NewWebhook } from './webhook-store';

const t0 = Date.parse('2026-03-01T12:00:00.000Z');
const hour = 60 * 60_000;
const day = 24 * hour;
const iso = (ms: number) => new Date(ms).toISOString();

const alice = { id: 'u-alice', name: 'Alice' };

const job = (over: Partial<NotificationJob> = {}): NotificationJob => ({
  id: 'job-a',
  kind: 'voice',
  name: 'calm_narrator',
  status: 'completed',
  result_urls: [],
  cost: 1.5,
  error: null,
  created_at: iso(t0 - hour),
  updated_at: iso(t0),
  duration_s: 60,
  started_by: null,
  url: 'https://studio.example.com/jobs/job-a',
  ...over,
});
const jobEvent = (over: Partial<NotificationJob> = {}): NotificationEvent => ({
  type: 'training.completed',
  timestamp: iso(t0),
  data: job(over),
});
const testEvent: NotificationEvent = {
  type: 'webhook.test',
  timestamp: iso(t0),
  data: { webhook_id: 'wh_1', message: 'A test event from Media Studio, sent by Alice.' },
};

const closers: (() => Promise<unknown>)[] = [];
/** A receiver closed after the test. */
async function startReceiver(answers?: number[]) {
  const receiver = await startWebhookReceiver(answers);
  closers.push(receiver.close);
  return receiver;
}
const database = freshDatabase();
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

let now = t0;
const clock = () => now;

async function setUp({
  counting = true,
  ...options
}: { schedule?: RetrySchedule; leaseMs?: number; counting?: boolean } = {}) {
  now = t0;
  const sql = await database.open('sqlite');
  const webhooks = webhookStore(sql, clock);
  const devices = pushDevices(sql, clock);
  const queue = deliveryQueue(sql, clock);
  const logger = captureLogger();
  /** How each attempt ended, as the gateway's metrics are told: `channel outcome`. */
  const counted: string[] = [];
  /** A worker, as each replica runs one. */
  const newWorker = () =>
    deliveryWorker({
      db: sql,
      queue,
      webhooks,
      devices,
      policy: { allowPrivate: true },
      vapid: () => vapidKeysOf(sql),
      vapidSubject: 'mailto:ops@example.com',
      logger,
      clock,
      ...(counting && {
        onAttempt: (channel, outcome) => counted.push(`${channel} ${outcome}`),
      }),
      ...options,
    });
  const worker = newWorker();
  let notices = 0;
  /** Queues an event for a target, as the fan-out does (a test as its route does). */
  const send = (
    channel: 'webhook' | 'push',
    targetId: string,
    event: NotificationEvent = jobEvent(),
    origin: NewDelivery['origin'] = 'event',
  ) => {
    notices += 1;
    return queue.enqueue({
      channel,
      targetId,
      noticeId: origin === 'test' ? null : `msg_${notices}`,
      messageId: `msg_${notices}`,
      eventType: event.type,
      entryId: origin === 'test' ? null : 'job-a',
      origin,
      payload: event,
    });
  };
  const addHook = async (url: string, over: Partial<NewWebhook> = {}) =>
    webhooks.create(
      {
        url,
        events: ['training.completed'],
        format: 'standard',
        scope: 'personal',
        description: '',
        ...over,
      },
      alice,
    );
  return { webhooks, devices, queue, logger, worker, newWorker, counted, send, addHook, sql };
}

async function startPush(sql: SqlDb) {
  const push: PushService = await startPushService();
  closers.push(push.close);
  const subscription = push.subscribe({ applicationServerKey: (await vapidKeysOf(sql)).publicKey });
  return { push, subscription };
}

describe('the delivery worker', () => {
  it('delivers a webhook, logs the attempt, and forgives the failures before it', async () => {
    const { worker, queue, webhooks, send, addHook, counted } = await setUp();
    const receiver = await startReceiver([503, 200]);
    const { webhook } = await addHook(receiver.url);
    const id = await send('webhook', webhook.id);

    expect(await worker.runOnce()).toBe(false);
    expect((await webhooks.target(webhook.id))?.failingSince).toBe(iso(t0));
    const failed = await queue.get(id!);
    expect(failed).toMatchObject({ status: 'pending', attempt_count: 1 });

    now = Date.parse(failed!.next_attempt_at!);
    await worker.runOnce();
    expect(receiver.received).toHaveLength(2);
    const [logged] = await queue.listFor(webhook.id, 10);
    expect(logged).toMatchObject({ status: 'succeeded', next_attempt_at: null });
    expect(logged!.attempts).toMatchObject([
      {
        at: iso(t0),
        status_code: 503,
        response_excerpt: 'receiver is down',
        error: 'receiver answered HTTP 503',
      },
      { at: iso(now), status_code: 200, response_excerpt: 'ok', error: null },
    ]);
    expect(await webhooks.target(webhook.id)).toMatchObject({
      failingSince: null,
      status: 'active',
    });
    expect(counted).toEqual(['webhook retrying', 'webhook succeeded']);
  });

  it('retries a failed webhook within 10 to 20 s, and gives up a day after the first attempt', async () => {
    const { worker, queue, send, addHook, counted } = await setUp();
    const receiver = await startReceiver([500]);
    const { webhook } = await addHook(receiver.url);
    const id = await send('webhook', webhook.id);

    await worker.runOnce();
    const first = (await queue.get(id!))!;
    const wait = Date.parse(first.next_attempt_at!) - t0;
    expect(wait).toBeGreaterThanOrEqual(10_000);
    expect(wait).toBeLessThanOrEqual(20_000);

    now = t0 + hour;
    await worker.runOnce();
    expect(await queue.get(id!)).toMatchObject({
      status: 'pending',
      attempt_count: 2,
      first_attempt_at: iso(t0),
    });

    // The next wait would end past the day.
    now = t0 + day - 1_000;
    await worker.runOnce();
    expect(await queue.get(id!)).toMatchObject({
      status: 'failed',
      attempt_count: 3,
      next_attempt_at: null,
    });
    expect(receiver.received).toHaveLength(3);
    expect(await queue.nextDue()).toBeNull();
    expect(counted).toEqual(['webhook retrying', 'webhook retrying', 'webhook failed']);
  });

  it('follows the schedule it is given', async () => {
    const schedule = { firstMs: 1_000, factor: 2, maxStepMs: 1_000, giveUpAfterMs: 1_500 };
    const { worker, queue, send, addHook } = await setUp({ schedule });
    const receiver = await startReceiver([500]);
    const { webhook } = await addHook(receiver.url);
    const id = await send('webhook', webhook.id);
    await worker.runOnce();
    const wait = Date.parse((await queue.get(id!))!.next_attempt_at!) - t0;
    expect(wait).toBeGreaterThanOrEqual(500);
    expect(wait).toBeLessThanOrEqual(1_000);
    now = t0 + 1_000;
    await worker.runOnce();
    expect((await queue.get(id!))?.status).toBe('failed');
  });

  it('abandons a delivery whose webhook was removed', async () => {
    const { worker, queue, send } = await setUp();
    const id = await send('webhook', 'wh_removed');
    await worker.runOnce();
    expect(await queue.get(id!)).toMatchObject({ status: 'failed', attempt_count: 1 });
    const [logged] = await queue.listFor('wh_removed', 10);
    expect(logged!.attempts).toEqual([
      {
        at: iso(t0),
        status_code: null,
        duration_ms: 0,
        response_excerpt: '',
        error: 'The webhook was removed',
      },
    ]);
  });

  it('pauses a webhook failing for three days once, and tells its owner', async () => {
    const { worker, queue, webhooks, send, addHook, logger, sql } = await setUp();
    const receiver = await startReceiver([500]);
    const { webhook } = await addHook(receiver.url);
    const inbox = inboxStore(sql, clock);

    await send('webhook', webhook.id);
    await worker.runOnce();
    expect((await webhooks.target(webhook.id))?.failingSince).toBe(iso(t0));

    now = t0 + 3 * day - 1;
    await send('webhook', webhook.id);
    await worker.runOnce();
    expect((await webhooks.target(webhook.id))?.status).toBe('active');
    expect((await inbox.list(alice, 'mine', 10)).items).toEqual([]);

    now = t0 + 3 * day;
    await send('webhook', webhook.id);
    const hitsBefore = receiver.received.length;
    await worker.runOnce();
    expect(receiver.received.length).toBe(hitsBefore + 1);
    const reason = `Every delivery has failed since ${iso(t0)}`;
    expect(await webhooks.get(webhook.id, alice)).toMatchObject({
      status: 'paused',
      paused_reason: reason,
      failing_since: iso(t0),
    });
    const notices = await sql.all<{
      type: string;
      owner_id: string;
      entry_id: null;
      at: string;
      data_json: string;
    }>('SELECT type, owner_id, entry_id, at, data_json FROM notices');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      type: 'webhook.paused',
      owner_id: 'u-alice',
      entry_id: null,
      at: iso(now),
    });
    expect(JSON.parse(notices[0]!.data_json)).toEqual({
      webhook_id: webhook.id,
      url: receiver.url,
      message: reason,
    });
    const { items, unread } = await inbox.list(alice, 'mine', 10);
    expect(unread).toBe(1);
    expect(items[0]).toMatchObject({
      type: 'webhook.paused',
      title: 'Webhook paused',
      url: '/settings',
    });
    expect(logger.lines.filter((line) => line.startsWith('warn'))).toEqual([
      `warn notify: a webhook failing for days was paused ${JSON.stringify({ webhook: webhook.id })}`,
    ]);

    // Paused: nothing more is sent to it.
    now += hour;
    await send('webhook', webhook.id);
    await worker.runOnce();
    expect(receiver.received.length).toBe(hitsBefore + 1);
    expect(await queue.nextDue()).not.toBeNull();
  });

  it('pauses once when two deliveries fail together', async () => {
    const { worker, webhooks, send, addHook, logger, sql } = await setUp();
    const receiver = await startReceiver([500]);
    const { webhook } = await addHook(receiver.url);
    await send('webhook', webhook.id);
    await worker.runOnce();
    now = t0 + 4 * day;
    await send('webhook', webhook.id);
    await send('webhook', webhook.id);
    await worker.runOnce();
    // The first one's last try and the two new ones.
    expect(receiver.received).toHaveLength(4);
    expect((await webhooks.target(webhook.id))?.status).toBe('paused');
    expect(await sql.all('SELECT type FROM notices')).toEqual([{ type: 'webhook.paused' }]);
    expect(logger.lines.filter((line) => line.startsWith('warn'))).toHaveLength(1);
  });

  it('lets no worker settle a delivery another took over when its claim lapsed', async () => {
    const { newWorker, queue, send, addHook } = await setUp({ leaseMs: 1_000 });
    // A receiver that answers each request when the test says.
    const held: ((status: number) => void)[] = [];
    const server = createServer((req, res) => {
      req.resume();
      held.push((status) => res.writeHead(status).end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(
      () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    );
    const { webhook } = await addHook(
      `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    );
    const id = await send('webhook', webhook.id);
    const until = async (n: number) => {
      while (held.length < n) await new Promise((resolve) => setTimeout(resolve, 10));
    };

    const slow = newWorker().runOnce();
    await until(1);
    now = t0 + 1_001;
    const other = newWorker().runOnce();
    await until(2);
    held[0]!(500);
    await slow;
    expect(await queue.get(id!)).toMatchObject({ status: 'pending', attempt_count: 0 });
    held[1]!(204);
    await other;
    const [logged] = await queue.listFor(webhook.id, 10);
    expect(logged).toMatchObject({ status: 'succeeded' });
    expect(logged!.attempts.map((a) => [a.at, a.status_code])).toEqual([[iso(t0 + 1_001), 204]]);
  });

  it('never lets a test event pause a webhook', async () => {
    const { worker, webhooks, send, addHook, sql } = await setUp();
    const receiver = await startReceiver([500]);
    const { webhook } = await addHook(receiver.url);
    await send('webhook', webhook.id, testEvent, 'test');
    await worker.runOnce();
    now = t0 + 4 * day;
    await send('webhook', webhook.id, testEvent, 'test');
    await worker.runOnce();
    // The second test, and the first one's last try.
    expect(receiver.received).toHaveLength(3);
    expect(await webhooks.target(webhook.id)).toMatchObject({
      status: 'active',
      failingSince: null,
    });
    expect(await sql.all('SELECT * FROM notices')).toEqual([]);
  });

  it('sends each webhook the body of its format, signed by every secret it has', async () => {
    const { worker, webhooks, send, addHook } = await setUp();
    const standard = await startReceiver();
    const slack = await startReceiver();
    const plain = await addHook(standard.url);
    const chat = await addHook(slack.url, { format: 'slack' });
    const rotated = (await webhooks.rotate(plain.webhook.id, alice))!;
    now = t0 + 1_500;
    await send('webhook', plain.webhook.id);
    await send('webhook', chat.webhook.id);
    await worker.runOnce();

    const [hit] = standard.received;
    expect(JSON.parse(hit!.body)).toEqual(jobEvent());
    expect(hit!.body).toBe(webhookBody('standard', jobEvent()));
    const id = String(hit!.headers['webhook-id']);
    const timestamp = Number(hit!.headers['webhook-timestamp']);
    expect(timestamp).toBe(Math.floor((t0 + 1_500) / 1000));
    expect(hit!.headers['webhook-signature']).toBe(
      [rotated.secret, plain.secret]
        .map((secret) => signatureOf(secret, id, timestamp, hit!.body))
        .join(' '),
    );

    const [chatHit] = slack.received;
    expect(chatHit!.body).toBe(webhookBody('slack', jobEvent()));
    expect(JSON.parse(chatHit!.body)).toHaveProperty('blocks');
    const chatId = String(chatHit!.headers['webhook-id']);
    expect(chatId).not.toBe(id);
    expect(chatHit!.headers['webhook-signature']).toBe(
      signatureOf(chat.secret, chatId, timestamp, chatHit!.body),
    );
  });

  it('pushes to a device and notes when', async () => {
    const { worker, queue, devices, send, sql, counted } = await setUp();
    const { push, subscription } = await startPush(sql);
    const device = await devices.add('u-alice', subscription, null);
    const id = await send('push', device.id);
    now = t0 + 2_000;
    expect(await worker.runOnce()).toBe(false);
    const [received] = await push.waitFor(1);
    expect(received!.payload).toEqual(pushMessageOf(jobEvent()));
    expect(received!.vapidSubject).toBe('mailto:ops@example.com');
    expect(await queue.get(id!)).toMatchObject({ status: 'succeeded', attempt_count: 1 });
    expect((await devices.list('u-alice'))[0]?.last_push_at).toBe(iso(t0 + 2_000));
    expect(counted).toEqual(['push succeeded']);
  });

  it('forgets a device whose push service answers 410, and fails the delivery', async () => {
    const { worker, queue, devices, send, sql, counted } = await setUp();
    const { push, subscription } = await startPush(sql);
    push.respondWith(410);
    const device = await devices.add('u-alice', subscription, null);
    const id = await send('push', device.id);
    await worker.runOnce();
    expect(await queue.get(id!)).toMatchObject({
      status: 'failed',
      attempt_count: 1,
      next_attempt_at: null,
    });
    const attempts = await sql.all<{ status_code: number }>(
      'SELECT status_code FROM delivery_attempts WHERE delivery_id = ?',
      [id!],
    );
    expect(attempts).toEqual([{ status_code: 410 }]);
    expect(await devices.target(device.id)).toBeNull();
    expect(counted).toEqual(['push failed']);
  });

  it('retries a push the service could not take, keeping the device', async () => {
    const { worker, queue, devices, send, sql, counted } = await setUp();
    const { push, subscription } = await startPush(sql);
    push.respondWith(503);
    const device = await devices.add('u-alice', subscription, null);
    const id = await send('push', device.id);
    await worker.runOnce();
    const row = (await queue.get(id!))!;
    expect(row).toMatchObject({ status: 'pending', attempt_count: 1 });
    const wait = Date.parse(row.next_attempt_at!) - t0;
    expect(wait).toBeGreaterThanOrEqual(10_000);
    expect(wait).toBeLessThanOrEqual(20_000);
    expect(await devices.target(device.id)).not.toBeNull();
    expect((await devices.list('u-alice'))[0]?.last_push_at).toBeNull();

    // A day later the retries are over.
    push.respondWith(503);
    now = t0 + day;
    await worker.runOnce();
    expect((await queue.get(id!))?.status).toBe('failed');
    expect(counted).toEqual(['push retrying', 'push failed']);
  });

  it('abandons a push to a device that was removed', async () => {
    const { worker, queue, send } = await setUp();
    const id = await send('push', 'dev_removed');
    await worker.runOnce();
    expect(await queue.get(id!)).toMatchObject({ status: 'failed', attempt_count: 1 });
    const attempts = await database.db.all<{ error: string }>(
      'SELECT error FROM delivery_attempts WHERE delivery_id = ?',
      [id!],
    );
    expect(attempts).toEqual([{ error: 'The device was removed' }]);
  });

  it('leaves a delivery it could not make to be taken again once its claim lapses', async () => {
    const { worker, queue, send, addHook, logger } = await setUp({ leaseMs: 5_000 });
    const receiver = await startReceiver();
    const { webhook } = await addHook(receiver.url);
    const id = await send('webhook', webhook.id);
    await database.db.run("UPDATE deliveries SET payload_json = '{' WHERE id = ?", [id!]);
    await worker.runOnce();
    expect(await queue.get(id!)).toMatchObject({
      status: 'pending',
      attempt_count: 0,
      claimed_until: iso(t0 + 5_000),
    });
    const reason = (() => {
      try {
        JSON.parse('{');
      } catch (error) {
        return (error as Error).message;
      }
    })();
    expect(logger.lines).toEqual([
      `error notify: a delivery failed to run ${JSON.stringify({ delivery: id, error: reason })}`,
    ]);

    await database.db.run('UPDATE deliveries SET payload_json = ? WHERE id = ?', [
      JSON.stringify(jobEvent()),
      id!,
    ]);
    now = t0 + 5_000;
    await worker.runOnce();
    expect(receiver.received).toHaveLength(0);
    now = t0 + 5_001;
    await worker.runOnce();
    expect(receiver.received).toHaveLength(1);
    expect((await queue.get(id!))?.status).toBe('succeeded');
  });

  it('says more may be waiting when it took as many as it makes at once', async () => {
    // A worker nobody counts for (no metrics): it delivers all the same.
    const { worker, send, addHook, logger } = await setUp({ counting: false });
    const receiver = await startReceiver();
    const { webhook } = await addHook(receiver.url);
    for (let i = 0; i < 9; i += 1) await send('webhook', webhook.id);
    expect(await worker.runOnce()).toBe(true);
    expect(receiver.received).toHaveLength(8);
    expect(await worker.runOnce()).toBe(false);
    expect(receiver.received).toHaveLength(9);
    expect(await worker.runOnce()).toBe(false);
    expect(logger.lines).toEqual([]);
  });
});

describe('a push message', () => {
  it('names the job, sums it up and opens its page', () => {
    expect(pushMessageOf(jobEvent())).toEqual({
      title: 'Voice training “calm_narrator” completed',
      body: 'Completed · 1 min · $1.50',
      url: '/jobs/job-a',
      tag: 'job-a',
    });
    expect(pushMessageOf(jobEvent({ url: '/jobs/job-a' })).url).toBe('/jobs/job-a');
  });

  it('tells a test event or other news with its message, and opens Settings', () => {
    expect(pushMessageOf(testEvent)).toEqual({
      title: 'Test event from Media Studio',
      body: 'A test event from Media Studio, sent by Alice.',
      url: '/settings',
      tag: 'webhook.test',
    });
    expect(
      pushMessageOf({ type: 'webhook.paused', timestamp: iso(t0), data: { message: 42 } }),
    ).toEqual({
      title: 'Webhook paused',
      body: 'Media Studio',
      url: '/settings',
      tag: 'webhook.paused',
    });
  });
});
