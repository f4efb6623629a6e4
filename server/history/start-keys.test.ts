import { afterEach, describe, expect, it } from 'vitest';
import type { SqlDb } from '../db/sql-db';
import { createStartKeys, staleClaimMs, type StartAnswer } from './start-keys';
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
