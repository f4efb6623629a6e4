import { describe, expect, it } from 'vitest';
import type { DeliveryAttempt } from '../../src/api/contract/notifications';
import { engines } from '../history/test-store';
import { freshDatabase } from './test-database';
import { deliveryQueue, toDelivery, type DeliveryRow, type NewDelivery } from './delivery-queue';
import { webhookStore } from './webhook-store';

const t0 = Date.parse('2026-03-01T12:00:00.000Z');
const minute = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

const delivery = (over: Partial<NewDelivery> = {}): NewDelivery => ({
  channel: 'webhook',
  targetId: 'wh_a',
  noticeId: 'msg_1',
  messageId: 'msg_1',
  eventType: 'training.completed',
  entryId: 'job-1',
  origin: 'event',
  payload: { type: 'training.completed', data: { id: 'job-1' } },
  ...over,
});

const attempt = (at: number, over: Partial<DeliveryAttempt> = {}): DeliveryAttempt => ({
  at: iso(at),
  status_code: 500,
  duration_ms: 12,
  response_excerpt: 'down',
  error: null,
  ...over,
});

const database = freshDatabase();

describe.each(engines)('the delivery queue on %s', (engine) => {
  let now = t0;
  const clock = () => now;

  async function setUp() {
    now = t0;
    await database.open(engine);
    return deliveryQueue(database.db, clock);
  }
  const count = async () =>
    Number((await database.db.get<{ n: number }>('SELECT count(*) AS n FROM deliveries'))?.n);

  it('queue a message due now, with all it needs to be sent', async () => {
    const queue = await setUp();
    const id = await queue.enqueue(delivery());
    expect(id).toMatch(/^dlv_[\w-]{16}$/);
    expect(await queue.get(id!)).toEqual({
      id,
      channel: 'webhook',
      target_id: 'wh_a',
      notice_id: 'msg_1',
      message_id: 'msg_1',
      event_type: 'training.completed',
      entry_id: 'job-1',
      origin: 'event',
      payload_json: JSON.stringify(delivery().payload),
      status: 'pending',
      attempt_count: 0,
      created_at: iso(t0),
      first_attempt_at: null,
      next_attempt_at: iso(t0),
      claimed_by: null,
      claimed_until: null,
    });
    expect(await queue.get('dlv_missing')).toBeNull();
  });

  it('queue a notice to one target once, however often it is asked', async () => {
    const queue = await setUp();
    const first = await queue.enqueue(delivery());
    expect(await queue.enqueue(delivery())).toBeNull();
    expect(await count()).toBe(1);
    // Another target, another channel, another notice: each its own delivery.
    const others = [
      await queue.enqueue(delivery({ targetId: 'wh_b' })),
      await queue.enqueue(delivery({ channel: 'push', targetId: 'wh_a' })),
      await queue.enqueue(delivery({ noticeId: 'msg_2', messageId: 'msg_2' })),
    ];
    expect(others.every((id) => id !== null && id !== first)).toBe(true);
    expect(await count()).toBe(4);
  });

  it('queue every test and every redelivery, even of the same message', async () => {
    const queue = await setUp();
    const tests = [
      await queue.enqueue(delivery({ origin: 'test', noticeId: null })),
      await queue.enqueue(delivery({ origin: 'test', noticeId: null })),
      await queue.enqueue(delivery({ origin: 'redelivery' })),
      await queue.enqueue(delivery({ origin: 'redelivery' })),
    ];
    expect(new Set(tests).size).toBe(4);
    expect(tests).not.toContain(null);
    expect(await count()).toBe(4);
  });

  it('queue inside the caller’s transaction, and nothing when it rolls back', async () => {
    const queue = await setUp();
    await expect(
      database.db.transaction(async (tx) => {
        await queue.enqueue(delivery(), tx);
        throw new Error('the fan-out failed');
      }),
    ).rejects.toThrow('the fan-out failed');
    expect(await count()).toBe(0);
  });

  it('claim only what is due and not claimed, earliest first, up to the limit', async () => {
    const queue = await setUp();
    const first = await queue.enqueue(delivery({ noticeId: 'msg_1' }));
    now += 1_000;
    const second = await queue.enqueue(delivery({ noticeId: 'msg_2' }));
    now += 1_000;
    const third = await queue.enqueue(delivery({ noticeId: 'msg_3' }));
    now += 1_000;
    const later = await queue.enqueue(delivery({ noticeId: 'msg_4' }));
    // Not due for a minute yet.
    await database.db.run('UPDATE deliveries SET next_attempt_at = ? WHERE id = ?', [
      iso(now + minute),
      later!,
    ]);

    const a = await queue.claimDue('w_a', minute, 2);
    expect(a.map((row) => row.id)).toEqual([first, second]);
    expect(a[0]).toMatchObject({ claimed_by: 'w_a', claimed_until: iso(now + minute) });
    const b = await queue.claimDue('w_b', minute, 10);
    expect(b.map((row) => row.id)).toEqual([third]);
    expect(await queue.claimDue('w_c', minute, 10)).toEqual([]);
    now += minute;
    // Due now: the one waiting a minute; the claims of a minute end only after it.
    expect((await queue.claimDue('w_c', minute, 10)).map((row) => row.id)).toEqual([later]);
  });

  it('claim a delivery due this very moment', async () => {
    const queue = await setUp();
    const id = await queue.enqueue(delivery());
    expect((await queue.claimDue('w_a', minute, 1)).map((row) => row.id)).toEqual([id]);
  });

  it('let another worker take a delivery whose claim has lapsed', async () => {
    const queue = await setUp();
    const id = await queue.enqueue(delivery());
    await queue.claimDue('w_dead', minute, 1);
    now += minute;
    expect(await queue.claimDue('w_b', minute, 1)).toEqual([]);
    now += 1;
    const [taken] = await queue.claimDue('w_b', minute, 1);
    expect(taken).toMatchObject({ id, claimed_by: 'w_b', claimed_until: iso(now + minute) });
  });

  it('give each due delivery to one of two workers reaching for it together', async () => {
    const queue = await setUp();
    const other = await database.t.openDb();
    try {
      const rival = deliveryQueue(other, clock);
      for (let i = 0; i < 12; i += 1) await queue.enqueue(delivery({ noticeId: `msg_${i}` }));
      const [a, b] = await Promise.all([
        queue.claimDue('w_a', minute, 12),
        rival.claimDue('w_b', minute, 12),
      ]);
      const ids = [...a, ...b].map((row) => row.id);
      expect(ids).toHaveLength(12);
      expect(new Set(ids).size).toBe(12);
      expect(a.every((row) => row.claimed_by === 'w_a')).toBe(true);
      expect(b.every((row) => row.claimed_by === 'w_b')).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('hold back the deliveries of a paused webhook until it resumes', async () => {
    const queue = await setUp();
    const webhooks = webhookStore(database.db, clock);
    const viewer = { id: 'u-alice', name: 'Alice' };
    const { webhook } = await webhooks.create(
      {
        url: 'https://hooks.example.com/a',
        events: ['training.completed'],
        format: 'standard',
        scope: 'personal',
        description: '',
      },
      viewer,
    );
    const held = await queue.enqueue(delivery({ targetId: webhook.id }));
    // A device whose id happens to be the webhook's is no webhook.
    const push = await queue.enqueue(delivery({ channel: 'push', targetId: webhook.id }));
    await webhooks.update(webhook.id, { paused: true }, viewer);
    expect((await queue.claimDue('w_a', minute, 10)).map((row) => row.id)).toEqual([push]);
    await webhooks.update(webhook.id, { paused: false }, viewer);
    expect((await queue.claimDue('w_a', minute, 10)).map((row) => row.id)).toEqual([held]);
  });

  it('keep each attempt in order, end the claim, and schedule what follows', async () => {
    const queue = await setUp();
    const id = await queue.enqueue(delivery());
    const [row] = await queue.claimDue('w_a', minute, 1);
    await queue.settleAttempt(row!, attempt(t0), { status: 'pending', next: t0 + 15_000 });
    expect(await queue.get(id!)).toMatchObject({
      status: 'pending',
      attempt_count: 1,
      first_attempt_at: iso(t0),
      next_attempt_at: iso(t0 + 15_000),
      claimed_by: null,
      claimed_until: null,
    });
    expect(await queue.nextDue()).toBe(t0 + 15_000);
    expect(await queue.claimDue('w_a', minute, 1)).toEqual([]);

    now = t0 + 15_000;
    const [again] = await queue.claimDue('w_b', minute, 1);
    await queue.settleAttempt(
      again!,
      attempt(now, { status_code: 200, response_excerpt: 'ok', duration_ms: 40 }),
      { status: 'succeeded', next: null },
    );
    expect(await queue.get(id!)).toMatchObject({
      status: 'succeeded',
      attempt_count: 2,
      first_attempt_at: iso(t0),
      next_attempt_at: null,
      claimed_by: null,
    });
    const [logged] = await queue.listFor('wh_a', 10);
    expect(logged).toMatchObject({ status: 'succeeded', next_attempt_at: null });
    expect(logged!.attempts).toEqual([
      attempt(t0),
      attempt(t0 + 15_000, { status_code: 200, response_excerpt: 'ok', duration_ms: 40 }),
    ]);
    expect(await queue.nextDue()).toBeNull();
  });

  it('let no worker settle a delivery another has taken over', async () => {
    const queue = await setUp();
    const id = await queue.enqueue(delivery());
    const [stale] = await queue.claimDue('w_slow', minute, 1);
    now += minute + 1;
    const [taken] = await queue.claimDue('w_b', minute, 1);

    await queue.settleAttempt(stale!, attempt(t0, { status_code: 500 }), {
      status: 'failed',
      next: null,
    });
    expect(await queue.get(id!)).toMatchObject({
      status: 'pending',
      attempt_count: 0,
      claimed_by: 'w_b',
    });

    await queue.settleAttempt(taken!, attempt(now, { status_code: 204 }), {
      status: 'succeeded',
      next: null,
    });
    expect(await queue.get(id!)).toMatchObject({ status: 'succeeded', attempt_count: 1 });
    // The log tells the attempt that settled it.
    const [logged] = await queue.listFor('wh_a', 10);
    expect(logged!.attempts.map((a) => a.status_code)).toEqual([204]);
  });

  it('abandon a delivery that can no longer be made, saying why', async () => {
    const queue = await setUp();
    const id = await queue.enqueue(delivery());
    const [row] = await queue.claimDue('w_a', minute, 1);
    now += 500;
    await queue.abandon(row!, 'The webhook was removed');
    expect(await queue.get(id!)).toMatchObject({
      status: 'failed',
      attempt_count: 1,
      next_attempt_at: null,
      claimed_by: null,
    });
    const [logged] = await queue.listFor('wh_a', 10);
    expect(logged!.attempts).toEqual([
      {
        at: iso(t0 + 500),
        status_code: null,
        duration_ms: 0,
        response_excerpt: '',
        error: 'The webhook was removed',
      },
    ]);
  });

  it('list a webhook’s deliveries newest first, each with its own attempts', async () => {
    const queue = await setUp();
    expect(await queue.listFor('wh_a', 10)).toEqual([]);
    const old = await queue.enqueue(delivery({ noticeId: 'msg_1', messageId: 'msg_1' }));
    now += 1_000;
    const fresh = await queue.enqueue(delivery({ noticeId: 'msg_2', messageId: 'msg_2' }));
    await queue.enqueue(delivery({ targetId: 'wh_b' }));
    await queue.enqueue(delivery({ channel: 'push', targetId: 'wh_a' }));
    for (const row of await queue.claimDue('w_a', minute, 10))
      await queue.settleAttempt(row, attempt(now, { response_excerpt: row.id }), {
        status: 'pending',
        next: now + minute,
      });

    const listed = await queue.listFor('wh_a', 10);
    expect(listed.map((d) => d.id)).toEqual([fresh, old]);
    expect(listed[0]).toEqual({
      id: fresh,
      message_id: 'msg_2',
      event_type: 'training.completed',
      entry_id: 'job-1',
      origin: 'event',
      status: 'pending',
      created_at: iso(t0 + 1_000),
      next_attempt_at: iso(now + minute),
      attempts: [attempt(now, { response_excerpt: fresh! })],
    });
    expect(listed[1]!.attempts).toEqual([attempt(now, { response_excerpt: old! })]);
    expect((await queue.listFor('wh_a', 1)).map((d) => d.id)).toEqual([fresh]);
  });

  it('redeliver the same message to the same target, due now', async () => {
    const queue = await setUp();
    const id = await queue.enqueue(delivery());
    const [row] = await queue.claimDue('w_a', minute, 1);
    await queue.settleAttempt(row!, attempt(t0), { status: 'failed', next: null });
    now += minute;
    const again = await queue.redeliver((await queue.get(id!))!);
    expect(again).not.toBe(id);
    expect(again).toMatch(/^dlv_/);
    const original = (await queue.get(id!))!;
    expect(await queue.get(again)).toEqual({
      ...original,
      id: again,
      origin: 'redelivery',
      status: 'pending',
      attempt_count: 0,
      created_at: iso(now),
      first_attempt_at: null,
      next_attempt_at: iso(now),
    } satisfies DeliveryRow);
    expect(await queue.nextDue()).toBe(now);
    // A second redelivery of the same message is queued as well.
    expect(await queue.redeliver((await queue.get(id!))!)).not.toBe(again);
    expect(await count()).toBe(3);
  });

  it('forget only settled deliveries older than asked, with their attempts', async () => {
    const queue = await setUp();
    const oldDone = await queue.enqueue(delivery({ noticeId: 'msg_1' }));
    const oldWaiting = await queue.enqueue(delivery({ noticeId: 'msg_2' }));
    const [row] = (await queue.claimDue('w_a', minute, 10)).filter((r) => r.id === oldDone);
    await queue.settleAttempt(row!, attempt(t0), { status: 'failed', next: null });
    now += minute;
    const newDone = await queue.enqueue(delivery({ noticeId: 'msg_3' }));
    const [fresh] = (await queue.claimDue('w_a', minute, 10)).filter((r) => r.id === newDone);
    await queue.settleAttempt(fresh!, attempt(now), { status: 'succeeded', next: null });

    expect(await queue.prune(iso(t0))).toBe(0);
    expect(await queue.prune(iso(t0 + 1))).toBe(1);
    expect(await queue.get(oldDone!)).toBeNull();
    expect(await queue.get(oldWaiting!)).not.toBeNull();
    expect(await queue.get(newDone!)).not.toBeNull();
    const attempts = await database.db.all<{ delivery_id: string }>(
      'SELECT delivery_id FROM delivery_attempts',
    );
    expect(attempts.map((a) => a.delivery_id)).toEqual([newDone]);
    expect(await queue.prune(iso(now + 1))).toBe(1);
    expect(await queue.prune(iso(now + 1))).toBe(0);
  });

  it('let go of every claim at a start after a crash, so the deliveries are taken at once', async () => {
    const queue = await setUp();
    const held = await queue.enqueue(delivery({ noticeId: 'msg_1' }));
    const done = await queue.enqueue(delivery({ noticeId: 'msg_2' }));
    const claimed = await queue.claimDue('w_crashed', minute, 10);
    await queue.settleAttempt(
      claimed.find((row) => row.id === done)!,
      attempt(t0),
      {
        status: 'succeeded',
        next: null,
      },
    );
    await queue.releaseClaims();
    expect(await queue.get(held!)).toMatchObject({ claimed_by: null, claimed_until: null });
    expect((await queue.claimDue('w_new', minute, 10)).map((row) => row.id)).toEqual([held]);
    expect((await queue.get(done!))?.status).toBe('succeeded');
  });

  it('count the deliveries waiting, due or not', async () => {
    const queue = await setUp();
    expect(await queue.pendingCount()).toBe(0);
    await queue.enqueue(delivery({ noticeId: 'msg_1' }));
    await queue.enqueue(delivery({ noticeId: 'msg_2' }));
    expect(await queue.pendingCount()).toBe(2);
    const [row] = await queue.claimDue('w_a', minute, 1);
    await queue.settleAttempt(row!, attempt(t0), { status: 'pending', next: t0 + minute });
    expect(await queue.pendingCount()).toBe(2);
    const [other] = await queue.claimDue('w_a', minute, 1);
    await queue.settleAttempt(other!, attempt(t0), { status: 'failed', next: null });
    expect(await queue.pendingCount()).toBe(1);
  });

  it('tell when the next waiting delivery is due', async () => {
    const queue = await setUp();
    expect(await queue.nextDue()).toBeNull();
    const a = await queue.enqueue(delivery({ noticeId: 'msg_1' }));
    const b = await queue.enqueue(delivery({ noticeId: 'msg_2' }));
    expect(await queue.nextDue()).toBe(t0);
    for (const row of await queue.claimDue('w_a', minute, 10))
      await queue.settleAttempt(row, attempt(t0), {
        status: 'pending',
        next: row.id === a ? t0 + 2 * minute : t0 + minute,
      });
    expect(await queue.nextDue()).toBe(t0 + minute);
    const [due] = await (async () => {
      now = t0 + minute;
      return queue.claimDue('w_a', minute, 10);
    })();
    expect(due?.id).toBe(b);
    await queue.settleAttempt(due!, attempt(now), { status: 'succeeded', next: null });
    expect(await queue.nextDue()).toBe(t0 + 2 * minute);
  });
});

describe('a delivery as the log shows it', () => {
  it('has a next attempt only while it waits', () => {
    const row: DeliveryRow = {
      id: 'dlv_1',
      channel: 'webhook',
      target_id: 'wh_a',
      notice_id: null,
      message_id: 'msg_1',
      event_type: 'webhook.test',
      entry_id: null,
      origin: 'test',
      payload_json: '{}',
      status: 'failed',
      attempt_count: 1,
      created_at: iso(t0),
      first_attempt_at: iso(t0),
      next_attempt_at: iso(t0 + minute),
      claimed_by: null,
      claimed_until: null,
    };
    const attempts = [{ delivery_id: 'dlv_1', n: 1, ...attempt(t0) }];
    expect(toDelivery(row, attempts)).toEqual({
      id: 'dlv_1',
      message_id: 'msg_1',
      event_type: 'webhook.test',
      entry_id: null,
      origin: 'test',
      status: 'failed',
      created_at: iso(t0),
      next_attempt_at: null,
      attempts: [attempt(t0)],
    });
    expect(toDelivery({ ...row, status: 'pending' }, []).next_attempt_at).toBe(iso(t0 + minute));
  });
});
