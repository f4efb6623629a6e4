import { describe, expect, it } from 'vitest';
import type { NotificationJob } from '../../src/api/contract/notifications';
import { writeNotice } from '../history/notices';
import { engines } from '../history/test-store';
import { freshDatabase } from './test-database';
import { deliveryQueue, type DeliveryRow } from './delivery-queue';
import { eventOf, fanOut } from './fan-out';
import type { NoticeRow } from './inbox';
import { pushDevices } from './push-devices';
import type { Viewer } from './viewer';
import { webhookStore, type NewWebhook } from './webhook-store';

const at = '2026-03-01T12:00:00.000Z';
const publicUrl = 'https://studio.example.com/base/';

const alice: Viewer = { id: 'u-alice', name: 'Alice' };
const bob: Viewer = { id: 'u-bob', name: 'Bob' };

const job = (id: string): NotificationJob => ({
  id,
  kind: 'voice',
  name: `voice ${id}`,
  status: 'completed',
  result_urls: [],
  cost: null,
  error: null,
  created_at: at,
  updated_at: at,
  duration_s: 60,
  started_by: null,
  url: `/jobs/${id}`,
});

const hook = (over: Partial<NewWebhook> = {}): NewWebhook => ({
  url: 'https://hooks.example.com/a',
  events: ['training.completed'],
  format: 'standard',
  scope: 'personal',
  description: '',
  ...over,
});

const subscription = (name: string) => ({
  endpoint: `https://push.example.com/send/${name}`,
  keys: { p256dh: 'p', auth: 'a' },
});

const database = freshDatabase();

describe.each(engines)('the fan-out on %s', (engine) => {
  async function setUp(openMode = false) {
    await database.open(engine);
    const webhooks = webhookStore(database.db);
    const devices = pushDevices(database.db);
    const queue = deliveryQueue(database.db);
    const run = fanOut({
      db: database.db,
      webhooks,
      devices,
      queue,
      publicUrl: () => publicUrl,
      openMode,
    });
    return { webhooks, devices, queue, run };
  }

  async function jobNotice(id: string, owner: string | null, type = 'training.completed') {
    await writeNotice(database.db, type, at, job(id), { entryId: id, ownerId: owner });
    return (await database.db.get<{ id: string }>(
      'SELECT id FROM notices ORDER BY seq DESC LIMIT 1',
    ))!.id;
  }
  const deliveries = () =>
    database.db.all<DeliveryRow>('SELECT * FROM deliveries ORDER BY channel, target_id, notice_id');
  /** Which targets each notice went to, as `channel target notice`. */
  const routes = async () =>
    (await deliveries()).map((row) => `${row.channel} ${row.target_id} ${row.notice_id}`).sort();
  const mark = async () =>
    Number(
      (await database.db.get<{ value: number }>(
        "SELECT value FROM meta WHERE key = 'notices_fanned_through'",
      ))!.value,
    );

  it('send each job to the webhooks that may see it and to its starter’s devices', async () => {
    const { webhooks, devices, run } = await setUp();
    const hers = (await webhooks.create(hook(), alice)).webhook.id;
    const his = (await webhooks.create(hook(), bob)).webhook.id;
    const team = (await webhooks.create(hook({ scope: 'team' }), bob)).webhook.id;
    const failures = (await webhooks.create(hook({ events: ['training.failed'] }), alice)).webhook
      .id;
    const herPhone = (await devices.add('u-alice', subscription('a'), null)).id;
    const hisPhone = (await devices.add('u-bob', subscription('b'), null)).id;

    const a = await jobNotice('job-a', 'u-alice');
    const b = await jobNotice('job-b', 'u-bob');
    const nobody = await jobNotice('job-c', null);
    const failed = await jobNotice('job-d', 'u-alice', 'training.failed');

    expect(await run()).toBe(4);
    expect(await routes()).toEqual(
      [
        `webhook ${hers} ${a}`,
        `webhook ${team} ${a}`,
        `push ${herPhone} ${a}`,
        `webhook ${his} ${b}`,
        `webhook ${team} ${b}`,
        `push ${hisPhone} ${b}`,
        `webhook ${team} ${nobody}`,
        `webhook ${failures} ${failed}`,
        `push ${herPhone} ${failed}`,
      ].sort(),
    );
  });

  it('tell every device of every job in open mode', async () => {
    const { webhooks, devices, run } = await setUp(true);
    const shared = (await webhooks.create(hook(), { id: null, name: null })).webhook.id;
    const phone = (await devices.add('', subscription('a'), null)).id;
    const laptop = (await devices.add('', subscription('b'), null)).id;
    const n = await jobNotice('job-a', null);
    expect(await run()).toBe(1);
    expect(await routes()).toEqual(
      [`webhook ${shared} ${n}`, `push ${phone} ${n}`, `push ${laptop} ${n}`].sort(),
    );
  });

  it('queue a delivery that tells the event, with the notice as its message id', async () => {
    const { webhooks, run } = await setUp();
    const target = (await webhooks.create(hook(), alice)).webhook.id;
    const n = await jobNotice('job-a', 'u-alice');
    await run();
    const [row] = await deliveries();
    expect(row).toMatchObject({
      channel: 'webhook',
      target_id: target,
      notice_id: n,
      message_id: n,
      event_type: 'training.completed',
      entry_id: 'job-a',
      origin: 'event',
      status: 'pending',
    });
    expect(JSON.parse(row!.payload_json)).toEqual({
      type: 'training.completed',
      timestamp: at,
      data: { ...job('job-a'), url: 'https://studio.example.com/jobs/job-a' },
    });
  });

  it('queue nothing twice when run again over the same notices, and move the mark on', async () => {
    const { webhooks, devices, run } = await setUp();
    await webhooks.create(hook({ scope: 'team' }), bob);
    await devices.add('u-alice', subscription('a'), null);
    expect(await mark()).toBe(0);
    expect(await run()).toBe(0);
    expect(await mark()).toBe(0);

    await jobNotice('job-a', 'u-alice');
    await jobNotice('job-b', 'u-alice');
    expect(await run()).toBe(2);
    const seqs = await database.db.all<{ seq: number }>('SELECT seq FROM notices ORDER BY seq');
    expect(await mark()).toBe(Number(seqs[1]!.seq));
    const first = await routes();
    expect(first).toHaveLength(4);
    expect(await run()).toBe(0);

    // A crash between the deliveries and the mark: the same notices come round again.
    await database.db.run("UPDATE meta SET value = 0 WHERE key = 'notices_fanned_through'");
    expect(await run()).toBe(2);
    expect(await routes()).toEqual(first);
    expect(await mark()).toBe(Number(seqs[1]!.seq));
  });

  it('never move the mark back', async () => {
    const { run } = await setUp();
    await jobNotice('job-a', 'u-alice');
    await database.db.run("UPDATE meta SET value = 1000 WHERE key = 'notices_fanned_through'");
    expect(await run()).toBe(0);
    expect(await mark()).toBe(1000);
  });

  it('drain a backlog in steps of 200', async () => {
    const { run } = await setUp();
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < 201; i += 1)
        await writeNotice(tx, 'training.completed', at, job(`job-${i}`), {
          entryId: `job-${i}`,
          ownerId: null,
        });
    });
    expect(await run()).toBe(200);
    expect(await run()).toBe(1);
    expect(await run()).toBe(0);
  });

  it('make a job’s link absolute, and leave other news as it was told', () => {
    const row: NoticeRow = {
      seq: 1,
      id: 'msg_1',
      type: 'training.completed',
      entry_id: 'job-a',
      owner_id: null,
      at,
      data_json: JSON.stringify(job('job-a')),
    };
    expect(eventOf(row, 'https://studio.example.com')).toEqual({
      type: 'training.completed',
      timestamp: at,
      data: { ...job('job-a'), url: 'https://studio.example.com/jobs/job-a' },
    });
    const paused = {
      ...row,
      type: 'webhook.paused',
      entry_id: null,
      data_json: '{"webhook_id":"wh_1","message":"failing"}',
    };
    expect(eventOf(paused, 'https://studio.example.com')).toEqual({
      type: 'webhook.paused',
      timestamp: at,
      data: { webhook_id: 'wh_1', message: 'failing' },
    });
  });
});
