import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SqlDb } from '../db/sql-db';
import { createStartKeys, staleClaimMs, startKeyDays, type StartAnswer } from './start-keys';
import { engines, testStore, type TestStore } from './test-store';

let t: TestStore;
const opened: SqlDb[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.close();
  await t.cleanup(t.store);
});

/** The start keys of one replica: its own connection to the shared database. */
async function replica() {
  const db = await t.openDb();
  opened.push(db);
  return { db, keys: createStartKeys(db, { pollMs: 20 }) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(engines)('keyed creations across replicas on %s', (engine) => {
  /** A creation upstream: counted, answered after `ms`, its answer kept as the recorder does. */
  function creation(keys: ReturnType<typeof createStartKeys>, status = 200, ms = 200) {
    const made = { count: 0 };
    const run = async (): Promise<StartAnswer> => {
      made.count += 1;
      await sleep(ms);
      const answer = { status, body: JSON.stringify({ data: { task_id: `task_${made.count}` } }) };
      await keys.keep('voice', 'start-1', answer, null, new Date());
      return answer;
    };
    return { made, run };
  }

  it('create once when two requests with one key arrive at two replicas together', async () => {
    t = await testStore(engine);
    const a = await replica();
    const b = await replica();
    const atA = creation(a.keys);
    const atB = creation(b.keys);
    const [first, second] = await Promise.all([
      a.keys.once('voice', 'start-1', atA.run),
      b.keys.once('voice', 'start-1', atB.run),
    ]);
    expect(atA.made.count + atB.made.count).toBe(1);
    expect(second).toEqual(first);
    expect(first).toEqual({ status: 200, body: '{"data":{"task_id":"task_1"}}' });
  });

  it('let the key be tried again, at any replica, after a refusal or a failure', async () => {
    t = await testStore(engine);
    const a = await replica();
    const b = await replica();
    const refused = creation(a.keys, 400, 0);
    expect(await a.keys.once('voice', 'start-1', refused.run)).toMatchObject({ status: 400 });
    await expect(
      a.keys.once('voice', 'start-1', () => Promise.reject(new Error('upstream unreachable'))),
    ).rejects.toThrow('upstream unreachable');
    const accepted = creation(b.keys, 200, 0);
    expect(await b.keys.once('voice', 'start-1', accepted.run)).toMatchObject({ status: 200 });
    expect(accepted.made.count).toBe(1);
    // Kept now: the next request is answered from it.
    const again = creation(a.keys, 200, 0);
    expect(await a.keys.once('voice', 'start-1', again.run)).toMatchObject({ status: 200 });
    expect(again.made.count).toBe(0);
  });

  /** A claim on `key` of a replica that took it `ageMs` ago. */
  const claim = (db: SqlDb, key: string, ageMs: number) =>
    db.run('INSERT INTO start_claims (kind, key, claim_id, claimed_at) VALUES (?, ?, ?, ?)', [
      'voice',
      key,
      'another-replica',
      new Date(Date.now() - ageMs).toISOString(),
    ]);

  it('wait while another replica creates with the key, and answer with what it kept', async () => {
    t = await testStore(engine);
    const a = await replica();
    await claim(a.db, 'start-1', 60_000);
    const waiting = creation(a.keys, 200, 0);
    const answered = a.keys.once('voice', 'start-1', waiting.run);
    await sleep(200);
    expect(waiting.made.count).toBe(0);
    // The other replica's answer is kept, and its claim goes.
    await a.keys.keep('voice', 'start-1', { status: 201, body: '{"kept":true}' }, null, new Date());
    await a.db.run('DELETE FROM start_claims');
    expect(await answered).toEqual({ status: 201, body: '{"kept":true}' });
    expect(waiting.made.count).toBe(0);
  });

  it('take over a claim its replica left ten minutes ago', async () => {
    t = await testStore(engine);
    const a = await replica();
    await claim(a.db, 'start-1', staleClaimMs + 60_000);
    const abandoned = creation(a.keys, 200, 0);
    expect(await a.keys.once('voice', 'start-1', abandoned.run)).toMatchObject({ status: 200 });
    expect(abandoned.made.count).toBe(1);
    expect(await a.db.all('SELECT * FROM start_claims')).toEqual([]);
  });

  it('forget, when pruning, the claims of replicas that died', async () => {
    t = await testStore(engine);
    const a = await replica();
    await a.db.run(
      'INSERT INTO start_claims (kind, key, claim_id, claimed_at) VALUES (?, ?, ?, ?), (?, ?, ?, ?)',
      [
        'voice',
        'dead',
        'x',
        new Date(Date.now() - staleClaimMs - 1_000).toISOString(),
        'voice',
        'alive',
        'y',
        new Date().toISOString(),
      ],
    );
    await a.keys.prune(new Date());
    expect(await a.db.all('SELECT key FROM start_claims')).toEqual([{ key: 'alive' }]);
  });
});

describe.each(engines)('the kept answers on %s', (engine) => {
  it('keep every 2xx answer and no other', async () => {
    t = await testStore(engine);
    const { keys } = await replica();
    const statuses = [101, 199, 200, 201, 299, 300, 302, 400, 500];
    for (const status of statuses)
      await keys.keep('voice', `key-${status}`, { status, body: '{}' }, null, new Date());
    const kept: number[] = [];
    for (const status of statuses) {
      const answer = await keys.once('voice', `key-${status}`, async () => null);
      if (answer) kept.push(answer.status);
    }
    expect(kept).toEqual([200, 201, 299]);
  });

  it('forget, when pruning, the keys older than 30 days and only those', async () => {
    t = await testStore(engine);
    const { keys } = await replica();
    const now = new Date('2026-03-01T00:00:00.000Z');
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const ok = { status: 200, body: '{}' };
    await keys.keep('voice', 'last-month', ok, null, daysAgo(startKeyDays + 1));
    await keys.keep('voice', 'this-month', ok, null, daysAgo(startKeyDays - 1));
    await keys.keep('voice', 'today', ok, null, now);
    expect(await keys.prune(now)).toBe(1);
    const left = async (key: string) => (await keys.once('voice', key, async () => null)) !== null;
    expect(await left('last-month')).toBe(false);
    expect(await left('this-month')).toBe(true);
    expect(await left('today')).toBe(true);
  });

  it('run a creation of another kind with the same key at once, not after the first', async () => {
    t = await testStore(engine);
    const { keys } = await replica();
    let opened!: () => void;
    const gate = new Promise<'opened'>((resolve) => (opened = () => resolve('opened')));
    // The voice creation waits for the speech one: were they queued one behind the other it
    // would wait for ever, so a fallback ends it.
    const voice = keys.once('voice', 'start-1', async () => {
      const seen = await Promise.race([gate, sleep(10_000).then(() => 'waited in vain')]);
      return { status: 200, body: seen };
    });
    const speech = keys.once('speech_async', 'start-1', async () => {
      opened();
      return { status: 201, body: 'speech' };
    });
    expect(await Promise.all([voice, speech])).toEqual([
      { status: 200, body: 'opened' },
      { status: 201, body: 'speech' },
    ]);
  });
});

describe('waiting for a creation with the same key, on sqlite', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-03-01T00:00:00.000Z'), toFake: ['setTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Follows `promise`, so a test can see whether it has settled yet. */
  function observe<T>(promise: Promise<T>) {
    const state: { settled: boolean; value?: T } = { settled: false };
    void promise.then((value) => {
      state.settled = true;
      state.value = value;
    });
    return state;
  }

  it('answer a second request of this replica as soon as the first is answered', async () => {
    t = await testStore('sqlite');
    const db = await t.openDb();
    opened.push(db);
    const keys = createStartKeys(db);
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let made = 0;
    const run = async (): Promise<StartAnswer> => {
      made += 1;
      await answered;
      const kept = { status: 200, body: '{"data":{"task_id":"task_1"}}' };
      await keys.keep('voice', 'start-1', kept, null, new Date());
      return kept;
    };
    const first = observe(keys.once('voice', 'start-1', run));
    const second = observe(keys.once('voice', 'start-1', run));
    await vi.advanceTimersByTimeAsync(0);
    answer();
    // No time passes: the second is told by the first, not by looking again later.
    await vi.advanceTimersByTimeAsync(0);
    expect(first).toEqual({
      settled: true,
      value: { status: 200, body: '{"data":{"task_id":"task_1"}}' },
    });
    expect(second).toEqual(first);
    expect(made).toBe(1);
  });

  it('answer at once from a kept answer, though the replica that kept it still holds its claim', async () => {
    t = await testStore('sqlite');
    const db = await t.openDb();
    opened.push(db);
    const keys = createStartKeys(db);
    await db.run('INSERT INTO start_claims (kind, key, claim_id, claimed_at) VALUES (?, ?, ?, ?)', [
      'voice',
      'start-1',
      'another-replica',
      new Date().toISOString(),
    ]);
    await keys.keep('voice', 'start-1', { status: 201, body: '{"kept":true}' }, null, new Date());
    const answer = observe(keys.once('voice', 'start-1', async () => ({ status: 500, body: '' })));
    await vi.advanceTimersByTimeAsync(0);
    expect(answer).toEqual({ settled: true, value: { status: 201, body: '{"kept":true}' } });
  });

  it('look for the answer of another replica every 200 ms while it creates', async () => {
    t = await testStore('sqlite');
    const db = await t.openDb();
    opened.push(db);
    const keys = createStartKeys(db);
    await db.run('INSERT INTO start_claims (kind, key, claim_id, claimed_at) VALUES (?, ?, ?, ?)', [
      'voice',
      'start-1',
      'another-replica',
      new Date().toISOString(),
    ]);
    const answer = observe(keys.once('voice', 'start-1', async () => ({ status: 500, body: '' })));
    await vi.advanceTimersByTimeAsync(0);
    // The other replica answers, keeps its answer and lets the claim go.
    await keys.keep('voice', 'start-1', { status: 201, body: '{"kept":true}' }, null, new Date());
    await db.run('DELETE FROM start_claims');
    await vi.advanceTimersByTimeAsync(199);
    expect(answer.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(answer).toEqual({ settled: true, value: { status: 201, body: '{"kept":true}' } });
  });
});
