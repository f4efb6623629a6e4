import { describe, expect, it } from 'vitest';
import { engines } from '../history/test-store';
import { freshDatabase } from './test-database';
import { deliveryQueue } from './delivery-queue';
import type { Viewer } from './viewer';
import { webhookStore, type NewWebhook } from './webhook-store';

const t0 = Date.parse('2026-03-01T12:00:00.000Z');
const hour = 60 * 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

const alice: Viewer = { id: 'u-alice', name: 'Alice' };
const bob: Viewer = { id: 'u-bob', name: 'Bob' };
const open: Viewer = { id: null, name: null };

const hook = (over: Partial<NewWebhook> = {}): NewWebhook => ({
  url: 'https://hooks.example.com/a',
  events: ['training.completed'],
  format: 'standard',
  scope: 'personal',
  description: 'builds',
  ...over,
});

const database = freshDatabase();

describe.each(engines)('webhooks on %s', (engine) => {
  let now = t0;
  const clock = () => now;

  async function setUp() {
    now = t0;
    await database.open(engine);
    return webhookStore(database.db, clock);
  }

  it('keep what was asked, with its owner, a one-time secret and its hint', async () => {
    const store = await setUp();
    const { webhook, secret } = await store.create(
      hook({ format: 'slack', scope: 'team', description: 'ops' }),
      alice,
    );
    expect(webhook.id).toMatch(/^wh_[\w-]{16}$/);
    expect(secret).toMatch(/^whsec_/);
    expect(webhook).toEqual({
      id: webhook.id,
      url: 'https://hooks.example.com/a',
      events: ['training.completed'],
      format: 'slack',
      scope: 'team',
      description: 'ops',
      owner: { id: 'u-alice', name: 'Alice' },
      editable: true,
      status: 'active',
      paused_reason: null,
      failing_since: null,
      created_at: iso(t0),
      updated_at: iso(t0),
      secret_hint: `whsec_…${secret.slice(-4)}`,
      previous_secret_until: null,
    });
    expect(await store.get(webhook.id, alice)).toEqual(webhook);
    expect((await store.target(webhook.id))?.secrets).toEqual([secret]);
    const other = await store.create(hook(), alice);
    expect(other.secret).not.toBe(secret);
    expect(other.webhook.id).not.toBe(webhook.id);
  });

  it('name an owner without a name by their id, and nobody in open mode', async () => {
    const store = await setUp();
    const nameless = await store.create(hook(), { id: 'u-carol', name: null });
    expect(nameless.webhook.owner).toEqual({ id: 'u-carol', name: 'u-carol' });
    const shared = await store.create(hook(), open);
    expect(shared.webhook.owner).toBeNull();
    expect(shared.webhook.editable).toBe(true);
  });

  it('show a personal webhook to its owner only, a team one to all, and everything in open mode', async () => {
    const store = await setUp();
    const personal = (await store.create(hook({ description: 'mine' }), alice)).webhook;
    now += 1_000;
    const team = (await store.create(hook({ scope: 'team', description: 'ours' }), alice)).webhook;
    now += 1_000;
    const bobs = (await store.create(hook({ description: 'bobs' }), bob)).webhook;

    // Newest first.
    expect((await store.list(alice)).map((w) => w.id)).toEqual([team.id, personal.id]);
    expect((await store.list(bob)).map((w) => w.id)).toEqual([bobs.id, team.id]);
    expect((await store.list(open)).map((w) => w.id)).toEqual([bobs.id, team.id, personal.id]);

    expect(await store.get(personal.id, bob)).toBeNull();
    expect(await store.get(bobs.id, alice)).toBeNull();
    expect((await store.get(team.id, bob))?.id).toBe(team.id);
    expect((await store.get(personal.id, open))?.id).toBe(personal.id);
    expect(await store.get('wh_missing', open)).toBeNull();
  });

  it('let only the owner (or anyone in open mode) change a webhook', async () => {
    const store = await setUp();
    const team = (await store.create(hook({ scope: 'team' }), alice)).webhook;
    expect((await store.get(team.id, alice))?.editable).toBe(true);
    expect((await store.get(team.id, bob))?.editable).toBe(false);
    expect((await store.get(team.id, open))?.editable).toBe(true);
    expect((await store.list(bob)).map((w) => w.editable)).toEqual([false]);
    expect((await store.list(alice)).map((w) => w.editable)).toEqual([true]);
    const shared = (await store.create(hook({ scope: 'team' }), open)).webhook;
    expect((await store.get(shared.id, alice))?.editable).toBe(false);
  });

  it('change only what an update names', async () => {
    const store = await setUp();
    const { webhook } = await store.create(hook(), alice);
    now += 5_000;
    const renamed = await store.update(webhook.id, { description: 'nightly' }, alice);
    expect(renamed).toEqual({ ...webhook, description: 'nightly', updated_at: iso(t0 + 5_000) });

    const changed = await store.update(
      webhook.id,
      {
        url: 'https://hooks.example.com/b',
        events: ['training.failed', 'speech.failed'],
        format: 'discord',
        scope: 'team',
      },
      alice,
    );
    expect(changed).toMatchObject({
      url: 'https://hooks.example.com/b',
      events: ['training.failed', 'speech.failed'],
      format: 'discord',
      scope: 'team',
      description: 'nightly',
      status: 'active',
    });
    expect(await store.update('wh_missing', { description: 'x' }, alice)).toBeNull();
    // The answer is as the viewer sees it.
    expect((await store.update(webhook.id, {}, bob))?.editable).toBe(false);
  });

  it('pause by hand, keep the pause through other edits, and forgive the failures on resume', async () => {
    const store = await setUp();
    const { webhook } = await store.create(hook(), alice);
    expect(await store.failed(webhook.id, iso(t0 - hour))).toBe(iso(t0 - hour));

    const paused = await store.update(webhook.id, { paused: true }, alice);
    expect(paused).toMatchObject({
      status: 'paused',
      paused_reason: 'Paused by hand',
      failing_since: iso(t0 - hour),
    });
    expect((await store.target(webhook.id))?.status).toBe('paused');

    const edited = await store.update(webhook.id, { description: 'still off' }, alice);
    expect(edited).toMatchObject({ status: 'paused', paused_reason: 'Paused by hand' });

    const resumed = await store.update(webhook.id, { paused: false }, alice);
    expect(resumed).toMatchObject({ status: 'active', paused_reason: null, failing_since: null });
    expect(await store.target(webhook.id)).toMatchObject({ status: 'active', failingSince: null });
  });

  it('keep the reason of a pause for failures through an edit', async () => {
    const store = await setUp();
    const { webhook } = await store.create(hook(), alice);
    await store.failed(webhook.id, iso(t0 - 72 * hour));
    expect(await store.pause(webhook.id, 'Every delivery has failed')).toBe(true);
    const edited = await store.update(webhook.id, { url: 'https://hooks.example.com/c' }, alice);
    expect(edited).toMatchObject({
      status: 'paused',
      paused_reason: 'Every delivery has failed',
      failing_since: iso(t0 - 72 * hour),
    });
  });

  it('keep the clock of an active webhook failing through a new description, not a new URL', async () => {
    const store = await setUp();
    const { webhook } = await store.create(hook(), alice);
    await store.failed(webhook.id, iso(t0 - 48 * hour));
    const renamed = await store.update(webhook.id, { description: 'CI channel' }, alice);
    expect(renamed).toMatchObject({ status: 'active', failing_since: iso(t0 - 48 * hour) });
    const moved = await store.update(webhook.id, { url: 'https://hooks.example.com/new' }, alice);
    expect(moved).toMatchObject({ status: 'active', failing_since: null });
  });

  it('sign with the new and the old secret for a day after a rotation', async () => {
    const store = await setUp();
    const { webhook, secret: first } = await store.create(hook(), alice);
    now += hour;
    const rotated = await store.rotate(webhook.id, alice);
    expect(rotated).not.toBeNull();
    const { secret: second } = rotated!;
    expect(second).not.toBe(first);
    const until = iso(t0 + hour + 24 * hour);
    expect(rotated!.webhook).toMatchObject({
      previous_secret_until: until,
      secret_hint: `whsec_…${second.slice(-4)}`,
      updated_at: iso(t0 + hour),
    });
    expect((await store.target(webhook.id))?.secrets).toEqual([second, first]);
    expect((await store.get(webhook.id, alice))?.previous_secret_until).toBe(until);

    now = Date.parse(until) - 1;
    expect((await store.target(webhook.id))?.secrets).toEqual([second, first]);
    expect((await store.list(alice))[0]?.previous_secret_until).toBe(until);
    now = Date.parse(until);
    expect((await store.target(webhook.id))?.secrets).toEqual([second]);
    expect((await store.get(webhook.id, alice))?.previous_secret_until).toBeNull();
    expect((await store.targetsOf('training.completed', 'u-alice'))[0]?.secrets).toEqual([second]);

    expect(await store.rotate('wh_missing', alice)).toBeNull();
  });

  it('give the sender where, how and with what to sign', async () => {
    const store = await setUp();
    const { webhook, secret } = await store.create(hook({ format: 'discord' }), alice);
    expect(await store.target(webhook.id)).toEqual({
      id: webhook.id,
      ownerId: 'u-alice',
      ownerName: 'Alice',
      url: 'https://hooks.example.com/a',
      format: 'discord',
      status: 'active',
      failingSince: null,
      secrets: [secret],
    });
    expect(await store.target('wh_missing')).toBeNull();
  });

  it('send a job only to the active webhooks that asked for its event and may see it', async () => {
    const store = await setUp();
    const mine = (await store.create(hook(), alice)).webhook.id;
    const bobs = (await store.create(hook(), bob)).webhook.id;
    const team = (await store.create(hook({ scope: 'team' }), bob)).webhook.id;
    const shared = (await store.create(hook(), open)).webhook.id;
    const other = (await store.create(hook({ events: ['training.failed'] }), alice)).webhook.id;
    const paused = (await store.create(hook({ scope: 'team' }), alice)).webhook.id;
    await store.update(paused, { paused: true }, alice);

    const ids = async (type: string, owner: string | null) =>
      (await store.targetsOf(type, owner)).map((target) => target.id).sort();
    expect(await ids('training.completed', 'u-alice')).toEqual([mine, shared, team].sort());
    expect(await ids('training.completed', 'u-bob')).toEqual([bobs, shared, team].sort());
    expect(await ids('training.completed', null)).toEqual([shared, team].sort());
    expect(await ids('training.completed', 'u-carol')).toEqual([shared, team].sort());
    expect(await ids('training.failed', 'u-alice')).toEqual([other]);
    expect(await ids('training.failed', 'u-bob')).toEqual([]);
    expect(await ids('speech.completed', 'u-alice')).toEqual([]);

    await store.update(paused, { paused: false }, alice);
    expect(await ids('training.completed', null)).toEqual([paused, shared, team].sort());
  });

  it('read the webhooks inside the caller’s transaction', async () => {
    const store = await setUp();
    const found = await database.db.transaction(async (tx) => {
      await tx.run(
        `INSERT INTO webhooks (id, owner_id, owner_name, scope, url, events_json, format,
          description, status, secret, created_at, updated_at)
         VALUES ('wh_tx', NULL, NULL, 'team', 'https://x', '["training.completed"]', 'standard',
          '', 'active', 'whsec_AAAA', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`,
      );
      return store.targetsOf('training.completed', null, tx);
    });
    expect(found.map((target) => target.id)).toEqual(['wh_tx']);
  });

  it('remember since when every attempt has failed, until one succeeds', async () => {
    const store = await setUp();
    const { webhook } = await store.create(hook(), alice);
    expect(await store.failed(webhook.id, iso(t0))).toBe(iso(t0));
    expect(await store.failed(webhook.id, iso(t0 + hour))).toBe(iso(t0));
    expect((await store.get(webhook.id, alice))?.failing_since).toBe(iso(t0));
    await store.succeeded(webhook.id);
    expect((await store.target(webhook.id))?.failingSince).toBeNull();
    expect(await store.failed(webhook.id, iso(t0 + 2 * hour))).toBe(iso(t0 + 2 * hour));
    // A webhook removed meanwhile: the failure is its own moment.
    expect(await store.failed('wh_missing', iso(t0))).toBe(iso(t0));
  });

  it('pause an active webhook once, with its reason', async () => {
    const store = await setUp();
    const { webhook } = await store.create(hook(), alice);
    now += hour;
    expect(await store.pause(webhook.id, 'Every delivery has failed since then')).toBe(true);
    expect(await store.get(webhook.id, alice)).toMatchObject({
      status: 'paused',
      paused_reason: 'Every delivery has failed since then',
      updated_at: iso(t0 + hour),
    });
    now += hour;
    expect(await store.pause(webhook.id, 'again')).toBe(false);
    expect(await store.get(webhook.id, alice)).toMatchObject({
      paused_reason: 'Every delivery has failed since then',
      updated_at: iso(t0 + hour),
    });
    expect(await store.pause('wh_missing', 'x')).toBe(false);
  });

  it('remove a webhook with its waiting deliveries, keeping the log of the others', async () => {
    const store = await setUp();
    const queue = deliveryQueue(database.db, clock);
    const gone = (await store.create(hook(), alice)).webhook.id;
    const kept = (await store.create(hook(), alice)).webhook.id;
    const delivery = (targetId: string, noticeId: string) => ({
      channel: 'webhook' as const,
      targetId,
      noticeId,
      messageId: noticeId,
      eventType: 'training.completed',
      entryId: 'job-1',
      origin: 'event' as const,
      payload: {},
    });
    const waiting = await queue.enqueue(delivery(gone, 'msg_1'));
    const done = await queue.enqueue(delivery(gone, 'msg_2'));
    const other = await queue.enqueue(delivery(kept, 'msg_1'));
    const [claimed] = (await queue.claimDue('w', 60_000, 10)).filter((row) => row.id === done);
    await queue.settleAttempt(
      claimed!,
      { at: iso(now), status_code: 200, duration_ms: 5, response_excerpt: '', error: null },
      { status: 'succeeded', next: null },
    );

    expect(await store.remove(gone)).toBe(true);
    expect(await store.get(gone, alice)).toBeNull();
    expect(await queue.get(waiting!)).toBeNull();
    expect((await queue.get(done!))?.status).toBe('succeeded');
    expect((await queue.get(other!))?.status).toBe('pending');
    expect(await store.remove(gone)).toBe(false);
  });

  it('remove nothing when there is no such webhook', async () => {
    const store = await setUp();
    const queue = deliveryQueue(database.db, clock);
    const orphan = await queue.enqueue({
      channel: 'webhook',
      targetId: 'wh_missing',
      noticeId: 'msg_1',
      messageId: 'msg_1',
      eventType: 'training.completed',
      entryId: null,
      origin: 'event',
      payload: {},
    });
    expect(await store.remove('wh_missing')).toBe(false);
    expect(await queue.get(orphan!)).not.toBeNull();
  });
});
