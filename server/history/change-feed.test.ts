import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { captureLogger } from '../test-support/gateway-server';
import { listeningChangeFeed } from './change-feed';
import { historySchema, openHistoryPostgres } from './history-db';
import { createHistoryStore, type HistoryStoreOptions } from './history-store';
import { record, testStore, type TestStore } from './test-store';
import type { HistoryChange, HistoryStore } from './types';

let t: TestStore;
const admins: pg.Client[] = [];
afterEach(async () => {
  for (const admin of admins.splice(0)) await admin.end();
  await t.cleanup(t.store);
});

/** Another replica on the same database: its own pool and its own listening connection. */
async function replica(
  name: string,
  options: Omit<HistoryStoreOptions, 'feed'> = {},
  logger = captureLogger(),
  // Long enough that a test writes while nothing listens.
  retryMs = 2_000,
) {
  const db = await openHistoryPostgres(t.url!);
  const feed = listeningChangeFeed({
    db,
    url: t.url!,
    schema: historySchema,
    logger,
    applicationName: name,
    retryMs,
  });
  const store = createHistoryStore(db, { ...options, feed });
  // A replica tells what is committed once its feed has read where the log stands; a write
  // made before that is history it starts from, not a change to tell.
  await feed.ready;
  const cleanup = t.cleanup;
  t.cleanup = async (...stores) => {
    await store.close();
    await cleanup(...stores);
  };
  return { store, feed, logger };
}

function heard(store: HistoryStore) {
  const changes: HistoryChange[] = [];
  store.subscribe((change) => changes.push(change));
  return changes;
}

async function until(
  check: () => boolean,
  what: string,
  timeoutMs = 10_000,
  look: () => Promise<void> = async () => undefined,
) {
  const deadline = Date.now() + timeoutMs;
  for (await look(); !check(); await look()) {
    if (Date.now() > deadline) throw new Error(`not in time: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function admin() {
  const client = new pg.Client({ connectionString: t.url! });
  await client.connect();
  admins.push(client);
  return client;
}

/** The listening connection of the replica named `name`, once it listens. */
async function listenerOf(client: pg.Client, name: string): Promise<number> {
  let pids: number[] = [];
  await until(
    () => pids.length === 1,
    `${name} listens`,
    10_000,
    async () => {
      pids = await listenersNamed(client, name, { listening: true });
    },
  );
  return pids[0]!;
}

/**
 * The connections of the replica named `name`; with `listening`, only one that is idle after a
 * query (its LISTEN): connected is not enough, as a connection ended before its LISTEN is one
 * the feed never had, and it connects again without having lost anything.
 */
const listenersNamed = async (client: pg.Client, name: string, { listening = false } = {}) =>
  (
    await client.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity
        WHERE application_name = $1 AND datname = current_database()
          AND (NOT $2 OR (state = 'idle' AND query <> ''))`,
      [name, listening],
    )
  ).rows.map((row) => row.pid);

describe('replicas on one PostgreSQL database', () => {
  it('tell every replica each change written through any of them, with the same number', async () => {
    t = await testStore('postgres');
    const a = t.store;
    const b = (await replica('replica-b')).store;
    const atA = heard(a);
    const atB = heard(b);

    const made = await a.insert(record({ id: 'from-a' }));
    await until(() => atB.length === 1, 'the change reached B');
    await b.applyStatus(made.id, { status: 'running', progress: 5 }, '2026-01-01T00:01:00.000Z');
    await until(() => atA.length === 2 && atB.length === 2, 'both changes reached both');
    await t.heard(a);

    expect(atA.map((change) => change.seq)).toEqual([1, 2]);
    expect(atB).toEqual(atA);
    const last = atB[1]!.event;
    expect(last.type === 'upsert' && last.entry.readings.at(-1)?.progress).toBe(5);
  });

  it('tell a change written while the listening connection was down once it is back', async () => {
    t = await testStore('postgres');
    const b = await replica('replica-b-down');
    const atB = heard(b.store);
    await t.store.insert(record({ id: 'before' }));
    await until(() => atB.length === 1, 'the first change reached B');

    const server = await admin();
    const listener = await listenerOf(server, 'replica-b-down');
    await server.query('SELECT pg_terminate_backend($1)', [listener]);
    await until(
      () => b.logger.lines.some((line) => line.includes('lost its connection')),
      'B noticed its connection ended',
    );
    await t.store.insert(record({ id: 'while-down' }));
    // Nothing of B listened when it was committed.
    expect(await listenersNamed(server, 'replica-b-down')).toEqual([]);

    await until(() => atB.length === 2, 'the change written meanwhile reached B');
    expect(atB.map((change) => change.event)).toMatchObject([
      { type: 'upsert', entry: { id: 'before' } },
      { type: 'upsert', entry: { id: 'while-down' } },
    ]);
    expect(await listenerOf(server, 'replica-b-down')).not.toBe(listener);
    // Listening again: the next change arrives as it is written.
    await t.store.delete('before');
    await until(() => atB.length === 3, 'the next change reached B');
    expect(atB[2]!.event).toEqual({ type: 'delete', id: 'before' });
  });

  it('tell a reset, numbered with the newest change, when the log no longer reaches back that far', async () => {
    t = await testStore('postgres', { keptChanges: 2 });
    // Five writes and a prune while B is away: on a busy machine they can take over 2 s.
    const b = await replica('replica-b-behind', {}, captureLogger(), 8_000);
    const atB = heard(b.store);
    const server = await admin();
    const listener = await listenerOf(server, 'replica-b-behind');
    await server.query('SELECT pg_terminate_backend($1)', [listener]);
    await until(
      () => b.logger.lines.some((line) => line.includes('lost its connection')),
      'B noticed its connection ended',
    );
    for (let i = 0; i < 5; i++) await t.store.insert(record());
    // Retention trims the log: B's place in it is gone.
    await t.store.prune({ days: 3650, maxRows: 1_000 }, new Date());

    await until(() => atB.length > 0, 'B told its subscribers', 20_000);
    expect(atB).toEqual([{ seq: 5, event: { type: 'reset' } }]);
    await t.store.insert(record({ id: 'after-reset' }));
    await until(() => atB.length === 2, 'B tells changes again');
    expect(atB[1]).toMatchObject({ seq: 6, event: { entry: { id: 'after-reset' } } });
  });
});
