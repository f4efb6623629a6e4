import { afterEach, describe, expect, it } from 'vitest';
import type { SqlDb } from '../db/sql-db';
import { engines, record, testStore, type TestStore } from './test-store';

let t: TestStore | null = null;
let db: SqlDb | null = null;
afterEach(async () => {
  await db?.close();
  db = null;
  await t?.cleanup();
  t = null;
});

interface NoticeRow {
  seq: number;
  id: string;
  type: string;
  entry_id: string | null;
  owner_id: string | null;
  data_json: string;
}

const notices = async () =>
  (await db!.all<NoticeRow>('SELECT * FROM notices ORDER BY seq')).map((row) => ({
    ...row,
    data: JSON.parse(row.data_json) as Record<string, unknown>,
  }));

const alice = { id: 'u-alice', name: 'Alice', token: null };

describe.each(engines)('notices on %s', (engine) => {
  it('tell a training that ends once, with the job, its starter and its page, in the write that ends it', async () => {
    t = await testStore(engine);
    db = await t.openDb();
    await t.store.insert(record({ id: 'job-1', name: 'calm_narrator', started_by: alice }));
    await t.store.applyStatus('job-1', { status: 'running', progress: 40 }, '2026-01-01T00:01:00Z');
    expect(await notices()).toEqual([]);
    await t.store.applyStatus(
      'job-1',
      { status: 'completed', progress: 100, total_cost: 1.25, asset_url: 'https://x/a.bin' },
      '2026-01-01T00:11:00Z',
    );
    // A late repeat of the end tells nothing more.
    await t.store.applyStatus(
      'job-1',
      { status: 'completed', progress: 100 },
      '2026-01-01T00:12:00Z',
    );
    const told = await notices();
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      type: 'training.completed',
      entry_id: 'job-1',
      owner_id: 'u-alice',
    });
    expect(told[0]!.id).toMatch(/^msg_/);
    expect(told[0]!.data).toMatchObject({
      id: 'job-1',
      kind: 'voice',
      name: 'calm_narrator',
      status: 'completed',
      cost: 1.25,
      result_urls: ['https://x/a.bin'],
      started_by: alice,
      url: '/jobs/job-1',
      updated_at: '2026-01-01T00:11:00Z',
    });
  });

  it('tell a failure and a stall, and nothing for a cancel, an import or an unknown id', async () => {
    t = await testStore(engine);
    db = await t.openDb();
    await t.store.insert(record({ id: 'fails', kind: 'music_lora' }));
    await t.store.applyStatus(
      'fails',
      { status: 'failed', error: { code: 'x', message: 'bad data' } },
      '2026-01-01T01:00:00Z',
    );
    await t.store.insert(record({ id: 'stalls' }));
    await t.store.applyStatus(
      'stalls',
      { status: 'running', progress: 10 },
      '2026-01-01T01:00:00Z',
    );
    await t.store.setStalled('stalls', true);
    await t.store.setStalled('stalls', true);
    await t.store.insert(record({ id: 'cancelled' }));
    await t.store.applyStatus('cancelled', { status: 'cancelled' }, '2026-01-01T01:00:00Z');
    await t.store.insert(record({ id: 'gone' }));
    await t.store.markUnknown('gone', '2026-01-01T01:00:00Z');
    await t.store.importEntry(
      { ...record({ id: 'imported', status: 'completed' }), readings: [] } as never,
      'dashboard',
    );
    expect((await notices()).map((n) => [n.type, n.entry_id])).toEqual([
      ['training.failed', 'fails'],
      ['training.stalled', 'stalls'],
    ]);
  });

  it('tell an async speech task that settles and a generation as it is recorded', async () => {
    t = await testStore(engine);
    db = await t.openDb();
    await t.store.insert(record({ id: 'say', kind: 'speech_async', status: 'processing' }));
    await t.store.applyStatus(
      'say',
      { status: 'completed', audio_url: 'https://x/s.mp3' },
      '2026-01-01T02:00:00Z',
    );
    await t.store.insert(record({ id: 'pic', kind: 'image', status: 'completed' }));
    await t.store.insert(
      record({ id: 'clip', kind: 'video', status: 'failed', error: { code: 'x', message: 'no' } }),
    );
    await t.store.insert(record({ id: 'plain', kind: 'speech', status: 'completed' }));
    expect((await notices()).map((n) => [n.type, n.entry_id])).toEqual([
      ['speech.completed', 'say'],
      ['generation.completed', 'pic'],
      ['generation.failed', 'clip'],
    ]);
  });
});
