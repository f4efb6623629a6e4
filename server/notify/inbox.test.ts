import { describe, expect, it } from 'vitest';
import type { NotificationJob } from '../../src/api/contract/notifications';
import { writeNotice } from '../history/notices';
import { engines } from '../history/test-store';
import { freshDatabase } from './test-database';
import { inboxStore, jobOfNotice } from './inbox';
import type { Viewer } from './viewer';

const t0 = Date.parse('2026-03-01T12:00:00.000Z');
const day = 24 * 60 * 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

const alice: Viewer = { id: 'u-alice', name: 'Alice' };
const bob: Viewer = { id: 'u-bob', name: 'Bob' };
const open: Viewer = { id: null, name: null };

const job = (id: string, starter: Viewer | null): NotificationJob => ({
  id,
  kind: 'voice',
  name: `voice ${id}`,
  status: 'completed',
  result_urls: [],
  cost: 1.5,
  error: null,
  created_at: iso(t0 - day),
  updated_at: iso(t0),
  duration_s: 60,
  started_by: starter?.id
    ? { id: starter.id, name: starter.name ?? starter.id, token: null }
    : null,
  url: `/jobs/${id}`,
});

const database = freshDatabase();

describe.each(engines)('inboxes on %s', (engine) => {
  let now = t0;
  const clock = () => now;

  async function setUp() {
    now = t0;
    await database.open(engine);
    return inboxStore(database.db, clock);
  }

  /** A job's notice, as the history writes it; its id. */
  async function jobNotice(id: string, starter: Viewer | null, at = t0) {
    await writeNotice(database.db, 'training.completed', iso(at), job(id, starter), {
      entryId: id,
      ownerId: starter?.id ?? null,
    });
    return noticeId();
  }
  /** A webhook's notice, told to its owner alone. */
  async function pausedNotice(owner: Viewer, at = t0) {
    await writeNotice(
      database.db,
      'webhook.paused',
      iso(at),
      { webhook_id: 'wh_1', url: 'https://x', message: 'Every delivery has failed' },
      { entryId: null, ownerId: owner.id },
    );
    return noticeId();
  }
  const noticeId = async () =>
    (await database.db.get<{ id: string }>('SELECT id FROM notices ORDER BY seq DESC LIMIT 1'))!.id;
  const ids = async (
    store: ReturnType<typeof inboxStore>,
    viewer: Viewer,
    scope: 'mine' | 'everyone',
  ) => (await store.list(viewer, scope, 50)).items.map((item) => item.id);
  const fanOutThrough = (seq: number) =>
    database.db.run("UPDATE meta SET value = ? WHERE key = 'notices_fanned_through'", [seq]);

  it('show a job’s news as its page, unread, newest first', async () => {
    const inbox = await setUp();
    const first = await jobNotice('job-1', alice);
    const second = await jobNotice('job-2', alice, t0 + 1_000);
    const listed = await inbox.list(alice, 'mine', 50);
    expect(listed.unread).toBe(2);
    expect(listed.items.map((item) => item.id)).toEqual([second, first]);
    expect(listed.items[1]).toEqual({
      id: first,
      type: 'training.completed',
      title: 'Voice training “voice job-1” completed',
      at: iso(t0),
      job: job('job-1', alice),
      url: '/jobs/job-1',
      read: false,
    });
    expect((await inbox.list(alice, 'mine', 1)).items.map((item) => item.id)).toEqual([second]);
    // The count is of all unread, not of the page shown.
    expect((await inbox.list(alice, 'mine', 1)).unread).toBe(2);
  });

  it('show a signed-in person their own news, and every job’s under everyone', async () => {
    const inbox = await setUp();
    const hers = await jobNotice('job-a', alice);
    const his = await jobNotice('job-b', bob);
    const nobodys = await jobNotice('job-c', null);
    const herHook = await pausedNotice(alice);
    const hisHook = await pausedNotice(bob);

    expect(await ids(inbox, alice, 'mine')).toEqual([herHook, hers]);
    expect(await ids(inbox, alice, 'everyone')).toEqual([herHook, nobodys, his, hers]);
    expect(await ids(inbox, bob, 'mine')).toEqual([hisHook, his]);
    expect(await ids(inbox, bob, 'everyone')).toEqual([hisHook, nobodys, his, hers]);
    expect((await inbox.list(alice, 'mine', 50)).unread).toBe(2);
    expect((await inbox.list(alice, 'everyone', 50)).unread).toBe(4);
  });

  it('tell of a paused webhook with a link to Settings', async () => {
    const inbox = await setUp();
    const id = await pausedNotice(alice);
    const [item] = (await inbox.list(alice, 'mine', 50)).items;
    expect(item).toEqual({
      id,
      type: 'webhook.paused',
      title: 'Webhook paused',
      at: iso(t0),
      job: null,
      url: '/settings',
      read: false,
    });
  });

  it('tell everyone of the team budget, and only its person of a personal one, with a link to Usage', async () => {
    const inbox = await setUp();
    const budget = (person: Viewer | null, threshold: number) =>
      writeNotice(
        database.db,
        'budget.reached',
        iso(t0),
        {
          budget: person ? 'person' : 'team',
          person: person ? { id: person.id, name: person.name } : null,
          threshold,
          monthly_limit: 10,
          spend: 8,
          month: '2026-03',
          resets_at: '2026-04-01T00:00:00.000Z',
        },
        { entryId: null, ownerId: person?.id ?? null },
      );
    await budget(null, 80);
    const team = await noticeId();
    await budget(bob, 80);
    const bobs = await noticeId();
    for (const scope of ['mine', 'everyone'] as const) {
      expect(await ids(inbox, alice, scope)).toEqual([team]);
      expect(await ids(inbox, bob, scope)).toEqual([bobs, team]);
    }
    const [item] = (await inbox.list(alice, 'mine', 50)).items;
    expect(item).toMatchObject({
      type: 'budget.reached',
      title: 'Team budget 80 % used: $8.00 of $10.00 in March 2026',
      url: '/usage',
      job: null,
      read: false,
    });
  });

  it('keep one inbox for all in open mode', async () => {
    const inbox = await setUp();
    const a = await jobNotice('job-a', null);
    const b = await jobNotice('job-b', alice);
    const hook = await pausedNotice(bob);
    expect(await ids(inbox, open, 'mine')).toEqual([hook, b, a]);
    expect(await ids(inbox, open, 'everyone')).toEqual([hook, b, a]);
    await inbox.markRead(open, { ids: [a] });
    expect((await inbox.list(open, 'mine', 50)).unread).toBe(2);
    // Read in open mode is nobody's read but open mode's.
    expect((await inbox.list(alice, 'mine', 50)).unread).toBe(1);
  });

  it('mark one item read for this person only', async () => {
    const inbox = await setUp();
    const first = await jobNotice('job-1', alice);
    const second = await jobNotice('job-2', alice);
    await inbox.markRead(alice, { ids: [first, 'msg_unknown'] });
    // Twice is once.
    await inbox.markRead(alice, { ids: [first] });
    const listed = await inbox.list(alice, 'everyone', 50);
    expect(listed.unread).toBe(1);
    expect(listed.items.map((item) => [item.id, item.read])).toEqual([
      [second, false],
      [first, true],
    ]);
    expect((await inbox.list(bob, 'everyone', 50)).unread).toBe(2);
    await inbox.markRead(alice, {});
    expect((await inbox.list(alice, 'everyone', 50)).unread).toBe(1);
  });

  it('mark all read up to now, and a newer notice is unread again', async () => {
    const inbox = await setUp();
    const first = await jobNotice('job-1', alice);
    const second = await jobNotice('job-2', bob);
    await inbox.markRead(alice, { ids: [first] });
    await inbox.markRead(alice, { all: true });
    const read = await inbox.list(alice, 'everyone', 50);
    expect(read.unread).toBe(0);
    expect(read.items.map((item) => [item.id, item.read])).toEqual([
      [second, true],
      [first, true],
    ]);
    // The ones marked one by one are covered by the mark now.
    const reads = await database.db.all('SELECT * FROM inbox_reads');
    expect(reads).toEqual([]);

    const third = await jobNotice('job-3', alice);
    const fresh = await inbox.list(alice, 'everyone', 50);
    expect(fresh.unread).toBe(1);
    expect(fresh.items.map((item) => [item.id, item.read])).toEqual([
      [third, false],
      [second, true],
      [first, true],
    ]);
    // Someone else's inbox is untouched.
    expect((await inbox.list(bob, 'everyone', 50)).unread).toBe(3);
    await inbox.markRead(alice, { ids: [third] });
    expect((await inbox.list(alice, 'everyone', 50)).unread).toBe(0);
    await inbox.markRead(alice, { all: true });
    expect((await inbox.list(alice, 'everyone', 50)).unread).toBe(0);
  });

  it('never move the read mark back', async () => {
    const inbox = await setUp();
    await jobNotice('job-1', alice);
    await inbox.markRead(alice, { all: true });
    // The notices are pruned; "all" then reaches no further than before.
    await database.db.run('DELETE FROM notices');
    await inbox.markRead(alice, { all: true });
    const mark = await database.db.get<{ read_through: number }>(
      'SELECT read_through FROM inbox_marks WHERE owner_key = ?',
      ['u-alice'],
    );
    expect(Number(mark?.read_through)).toBeGreaterThan(0);
    await inbox.markRead(bob, { all: true });
    expect(
      await database.db.all('SELECT * FROM inbox_marks WHERE owner_key = ?', ['u-bob']),
    ).toEqual([{ owner_key: 'u-bob', read_through: 0 }]);
  });

  it('look back 30 days', async () => {
    const inbox = await setUp();
    const edge = await jobNotice('job-edge', alice, t0 - 30 * day);
    await jobNotice('job-old', alice, t0 - 30 * day - 1);
    const recent = await jobNotice('job-recent', alice, t0 - 29 * day);
    const listed = await inbox.list(alice, 'mine', 50);
    expect(listed.items.map((item) => item.id)).toEqual([recent, edge]);
    expect(listed.unread).toBe(2);
    now += 1;
    expect((await inbox.list(alice, 'everyone', 50)).unread).toBe(1);
  });

  it('forget only the old notices already turned into deliveries, with their reads', async () => {
    const inbox = await setUp();
    const oldFanned = await jobNotice('job-1', alice, t0 - 31 * day);
    const oldWaiting = await jobNotice('job-2', alice, t0 - 31 * day);
    const young = await jobNotice('job-3', alice, t0 - day);
    const seqOf = async (id: string) =>
      Number(
        (await database.db.get<{ seq: number }>('SELECT seq FROM notices WHERE id = ?', [id]))!.seq,
      );
    await database.db.run('INSERT INTO inbox_reads (owner_key, notice_seq) VALUES (?, ?), (?, ?)', [
      'u-alice',
      await seqOf(oldFanned),
      'u-alice',
      await seqOf(young),
    ]);
    expect(await inbox.prune()).toBe(0);
    await fanOutThrough(await seqOf(oldFanned));
    expect(await inbox.prune()).toBe(1);
    await fanOutThrough(await seqOf(young));
    expect(await inbox.prune()).toBe(1);
    const left = await database.db.all<{ id: string }>('SELECT id FROM notices ORDER BY seq');
    expect(left.map((row) => row.id)).toEqual([young]);
    const reads = await database.db.all<{ notice_seq: number }>(
      'SELECT notice_seq FROM inbox_reads',
    );
    expect(reads.map((row) => Number(row.notice_seq))).toEqual([await seqOf(young)]);
    expect(oldWaiting).not.toBe(young);
    expect(await inbox.prune()).toBe(0);
  });

  it('read a job from a notice only when it tells of one', () => {
    const data = JSON.stringify(job('job-1', alice));
    expect(jobOfNotice({ entry_id: 'job-1', data_json: data })).toEqual(job('job-1', alice));
    expect(jobOfNotice({ entry_id: null, data_json: data })).toBeNull();
    expect(jobOfNotice({ entry_id: 'job-1', data_json: '{"id":"job-1"}' })).toBeNull();
  });
});
