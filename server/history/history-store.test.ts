import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { HistoryChange } from './types';
import { localChangeFeed, type ChangeFeed } from './change-feed';
import { migrateHistory, openHistorySqlite } from './history-db';
import { historyMigrations } from './history-migrations';
import { historyTotalCap } from '../../src/api/contract/history';
import { createHistoryStore } from './history-store';
import { HistoryQueryError } from './list-query';
import { engines, query, record, testStore, type TestStore } from './test-store';

let t: TestStore;
afterEach(() => t.cleanup(t.store));

describe('migrations on SQLite', () => {
  it('bring a new database to the latest version, and reopening changes nothing', async () => {
    t = await testStore('sqlite');
    await t.store.insert(record({ id: 'kept' }));
    await t.store.close();
    const db = openHistorySqlite(t.dir);
    expect(db.raw.pragma('user_version', { simple: true })).toBe(historyMigrations.length);
    expect(db.raw.prepare('SELECT count(*) AS n FROM entries').get()).toEqual({ n: 1 });
    await db.close();
    t.store = await t.reopen();
    expect((await t.store.get('kept'))?.id).toBe('kept');
  });

  it('refuse a database newer than the code, naming the setting to change', async () => {
    t = await testStore('sqlite');
    await t.store.close();
    const db = new Database(join(t.dir, 'history.sqlite'));
    db.pragma(`user_version = ${historyMigrations.length + 1}`);
    db.close();
    expect(() => openHistorySqlite(t.dir)).toThrow(/newer than this code.*DATA_DIR/);
  });

  it('run only the ones not yet applied, in order', async () => {
    t = await testStore('sqlite');
    const db = new Database(':memory:');
    migrateHistory(db, ['CREATE TABLE a (x)', 'CREATE TABLE b (y)']);
    expect(db.pragma('user_version', { simple: true })).toBe(2);
    migrateHistory(db, ['CREATE TABLE a (x)', 'CREATE TABLE b (y)', 'CREATE TABLE c (z)']);
    expect(db.pragma('user_version', { simple: true })).toBe(3);
    db.close();
  });
});

describe('the version 1 database a gateway already has', () => {
  it('gains the searched text in its kind, status and time indexes, the timing columns, the start keys (and their claims) and the starters, and its entries stay', async () => {
    t = await testStore('sqlite');
    await t.store.insert(record({ id: 'before' }));
    await t.store.close();
    const path = join(t.dir, 'history.sqlite');
    // Back to what the first release wrote: only migration 1 applied.
    const old = new Database(path);
    old.exec('DROP INDEX entries_by_kind_status_text');
    old.exec('DROP INDEX entries_by_time_text');
    old.exec('CREATE INDEX entries_by_time ON entries (created_at, id)');
    old.exec('ALTER TABLE entries DROP COLUMN trace_id');
    old.exec('ALTER TABLE entries DROP COLUMN elapsed_ms');
    old.exec('DROP TABLE start_keys');
    old.exec('DROP TABLE start_claims');
    old.exec('DROP INDEX entries_by_starter');
    for (const column of ['started_by_id', 'started_by_name', 'started_by_token'])
      old.exec(`ALTER TABLE entries DROP COLUMN ${column}`);
    for (const table of [
      'notices',
      'webhooks',
      'push_devices',
      'deliveries',
      'delivery_attempts',
      'inbox_marks',
      'inbox_reads',
      'gateway_keys',
      'usage_ledger',
      'usage_days',
      'usage_items',
      'usage_durations',
      'usage_people',
      'budgets',
      'budget_alerts',
    ])
      old.exec(`DROP TABLE ${table}`);
    old.exec("DELETE FROM meta WHERE key = 'notices_fanned_through'");
    old.pragma('user_version = 1');
    old.close();
    t.store = await t.reopen();
    await t.store.insert(record({ id: 'after', trace_id: 'tr-1', elapsed_ms: 12 }));
    const db = openHistorySqlite(t.dir);
    const plan = db.raw
      .prepare(
        "EXPLAIN QUERY PLAN SELECT count(*) FROM entries WHERE kind IN ('voice') AND status = 'completed'",
      )
      .all() as { detail: string }[];
    expect(plan.map((step) => step.detail).join(' ')).toContain(
      'COVERING INDEX entries_by_kind_status_text',
    );
    const newest = db.raw
      .prepare(
        "EXPLAIN QUERY PLAN SELECT id FROM entries WHERE search_text LIKE '%calm%' ORDER BY created_at DESC, id DESC LIMIT 5",
      )
      .all() as { detail: string }[];
    expect(newest.map((step) => step.detail).join(' ')).toContain(
      'COVERING INDEX entries_by_time_text',
    );
    expect(
      db.raw.prepare("SELECT name FROM sqlite_master WHERE name = 'start_keys'").pluck().get(),
    ).toBe('start_keys');
    expect(
      db.raw.prepare("SELECT name FROM sqlite_master WHERE name = 'start_claims'").pluck().get(),
    ).toBe('start_claims');
    await db.close();
    expect(await t.store.get('after')).toMatchObject({
      id: 'after',
      trace_id: 'tr-1',
      elapsed_ms: 12,
    });
    expect(await t.store.get('before')).toMatchObject({
      id: 'before',
      trace_id: null,
      elapsed_ms: null,
      started_by: null,
    });
  });
});

describe('the starter index on SQLite', () => {
  it("is what one person's entries are read from", async () => {
    t = await testStore('sqlite');
    await t.store.insert(
      record({ id: 'a1', started_by: { id: 'u-ada', name: 'Ada', token: null } }),
    );
    const db = openHistorySqlite(t.dir);
    const plan = db.raw
      .prepare("EXPLAIN QUERY PLAN SELECT id FROM entries WHERE started_by_id = 'u-ada'")
      .all() as { detail: string }[];
    await db.close();
    expect(plan.map((step) => step.detail).join(' ')).toContain('entries_by_starter');
  });
});

describe.each(engines)('the history on %s', (engine) => {
  const ids = async (input: Parameters<typeof query>[0]) =>
    (await t.store.list(query(input))).entries.map((e) => e.id);

  describe('insert, get and list', () => {
    it('round-trips an entry, and a second insert of the same id changes nothing', async () => {
      t = await testStore(engine);
      const changes: HistoryChange[] = [];
      t.store.subscribe((change) => changes.push(change));
      const made = await t.store.insert(
        record({ id: 't1', name: 'narrator', params: { name: 'narrator', reference_urls: ['u'] } }),
      );
      expect(made).toMatchObject({
        id: 't1',
        name: 'narrator',
        status: 'queued',
        stalled: false,
        reading_count: 1,
        readings: [{ status: 'queued' }],
      });
      expect((await t.store.insert(record({ id: 't1', name: 'other' }))).name).toBe('narrator');
      await t.heard();
      expect(changes.map((c) => c.seq)).toEqual([1]);
      expect((await t.store.get('t1'))?.params).toEqual({
        name: 'narrator',
        reference_urls: ['u'],
      });
      expect(await t.store.get('missing')).toBeNull();
    });

    it('filters by kind, status, source and creation time, and counts the whole set', async () => {
      t = await testStore(engine);
      await t.store.insert(
        record({ id: 'v1', kind: 'voice', created_at: '2026-01-01T00:00:00.000Z' }),
      );
      await t.store.insert(
        record({ id: 'm1', kind: 'music_lora', created_at: '2026-01-02T00:00:00.000Z' }),
      );
      await t.store.insert(
        record({
          id: 'i1',
          kind: 'image',
          status: 'completed',
          source: 'dashboard',
          created_at: '2026-01-03T00:00:00.000Z',
        }),
      );
      expect(await ids({})).toEqual(['i1', 'm1', 'v1']);
      expect(await ids({ kind: 'voice,music_lora' })).toEqual(['m1', 'v1']);
      expect(await ids({ status: 'completed' })).toEqual(['i1']);
      expect(await ids({ source: 'dashboard' })).toEqual(['i1']);
      expect(await ids({ created_after: '2026-01-02T00:00:00Z' })).toEqual(['i1', 'm1']);
      expect(await ids({ created_before: '2026-01-02T00:00:00Z' })).toEqual(['v1']);
      expect(await t.store.list(query({ kind: 'voice,music_lora', limit: 1 }))).toMatchObject({
        total: 2,
        total_exact: true,
      });
    });

    it('counts matches up to the cap, and says when there are more', async () => {
      t = await testStore(engine);
      const many = (input: Parameters<typeof query>[0]) => t.store.list(query(input));
      const insertMany = async (n: number, prefix: string) => {
        for (let i = 0; i < n; i++) await t.store.insert(record({ id: `${prefix}${i}` }));
      };
      await insertMany(historyTotalCap, 'a');
      expect(await many({ limit: 1 })).toMatchObject({
        total: historyTotalCap,
        total_exact: true,
      });
      await insertMany(1, 'b');
      expect(await many({ limit: 1 })).toMatchObject({
        total: historyTotalCap,
        total_exact: false,
      });
    });
  });

  describe('who started an entry', () => {
    const ada = { id: 'u-ada', name: 'Ada', token: null };
    const bot = { id: 'u-bot', name: 'Render bot', token: 'nightly' };

    it('keeps the starter, lists only one person when asked, and keeps nobody for an import', async () => {
      t = await testStore(engine);
      await t.store.insert(record({ id: 'a1', started_by: ada }));
      await t.store.insert(record({ id: 'b1', kind: 'image', started_by: bot }));
      await t.store.insert(record({ id: 'a2', started_by: ada }));
      await t.store.insert(record({ id: 'open' }));
      await t.store.importEntry({ ...record({ id: 'kept' }), readings: [] }, 'dashboard');
      expect((await t.store.get('b1'))?.started_by).toEqual(bot);
      expect((await t.store.get('open'))?.started_by).toBeNull();
      expect((await t.store.get('kept'))?.started_by).toBeNull();
      expect(await ids({ started_by: 'u-ada' })).toEqual(['a2', 'a1']);
      expect(await ids({ started_by: 'u-ada', kind: 'image' })).toEqual([]);
      expect(await ids({ started_by: 'nobody' })).toEqual([]);
      expect(await t.store.list(query({ started_by: 'u-bot' }))).toMatchObject({ total: 1 });
    });

    it('lists the people who started entries once each, by name, under their newest name', async () => {
      t = await testStore(engine);
      expect(await t.store.people()).toEqual([]);
      await t.store.insert(record({ started_by: { ...ada, name: 'Ada L.' } }));
      await t.store.insert(record({ kind: 'image', started_by: bot }));
      await t.store.insert(record({ started_by: ada }));
      await t.store.insert(record());
      expect(await t.store.people()).toEqual([
        { id: 'u-ada', name: 'Ada' },
        { id: 'u-bot', name: 'Render bot' },
      ]);
      expect(await t.store.people(['voice'])).toEqual([{ id: 'u-ada', name: 'Ada' }]);
    });
  });

  describe('search', () => {
    it('finds a substring of the name, prompt, text, task id or voice id, in any case', async () => {
      t = await testStore(engine);
      await t.store.insert(
        record({
          id: 'task_AbC123',
          kind: 'voice',
          name: 'warm_narrator',
          params: { name: 'warm_narrator' },
        }),
      );
      await t.store.insert(
        record({
          id: 'img_1',
          kind: 'image',
          name: 'A lighthouse',
          params: { prompt: 'A lighthouse at Dusk over the sea' },
        }),
      );
      await t.store.insert(
        record({
          id: 'sp_1',
          kind: 'speech',
          name: 'Hello',
          params: { text: 'Hello from the studio', voice_id: 'en_aria' },
        }),
      );
      const found = (q: string) => ids({ q });
      expect(await found('NARRAT')).toEqual(['task_AbC123']);
      expect(await found('dusk over')).toEqual(['img_1']);
      expect(await found('from the stud')).toEqual(['sp_1']);
      expect(await found('abc12')).toEqual(['task_AbC123']);
      expect(await found('en_aria')).toEqual(['sp_1']);
      // Shorter than a trigram: matched all the same.
      expect(await found('ar')).toEqual(expect.arrayContaining(['task_AbC123', 'sp_1']));
      expect(await found('zz')).toEqual([]);
    });

    it('takes any input literally: quotes, operators and wildcards are text', async () => {
      t = await testStore(engine);
      await t.store.insert(record({ id: 'q1', name: 'say "NEAR(" 100%_done', params: {} }));
      for (const q of ['"', '*', 'NEAR(', '%', '_', "'; DROP TABLE entries; --", 'a"b', '100%_']) {
        await expect(t.store.list(query({ q }))).resolves.toBeDefined();
      }
      expect(await ids({ q: '"NEAR("' })).toEqual(['q1']);
      expect(await ids({ q: '100%_' })).toEqual(['q1']);
      expect(await ids({ q: '%' })).toEqual(['q1']);
      expect((await t.store.list(query({ q: '%x' }))).entries).toEqual([]);
    });

    it('pages through matches with the other filters, newest first, counting them all', async () => {
      t = await testStore(engine);
      for (let i = 0; i < 7; i++) {
        const at = new Date(Date.UTC(2026, 2, 1, 0, 0, i)).toISOString();
        await t.store.insert(
          record({ id: `v${i}`, kind: 'voice', name: `calm_voice_${i}`, created_at: at }),
        );
        await t.store.insert(
          record({ id: `m${i}`, kind: 'music_lora', name: `calm_beat_${i}`, created_at: at }),
        );
        await t.store.insert(
          record({ id: `x${i}`, kind: 'voice', name: `loud_voice_${i}`, created_at: at }),
        );
      }
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await t.store.list(
          query({ q: 'calm', kind: 'voice', limit: 3, ...(cursor && { cursor }) }),
        );
        expect(page).toMatchObject({ total: 7, total_exact: true });
        seen.push(...page.entries.map((e) => e.id));
        cursor = page.next_cursor ?? undefined;
      } while (cursor);
      expect(seen).toEqual(['v6', 'v5', 'v4', 'v3', 'v2', 'v1', 'v0']);
      expect(await t.store.list(query({ q: 'calm', kind: 'upload' }))).toMatchObject({
        entries: [],
        total: 0,
        next_cursor: null,
      });
    });
  });

  describe('cursor pagination', () => {
    it('walks every entry once, newest first, with ties in created_at', async () => {
      t = await testStore(engine);
      const at = '2026-02-01T00:00:00.000Z';
      for (let i = 0; i < 120; i++) {
        await t.store.insert(
          record({
            id: `p${String(i).padStart(3, '0')}`,
            created_at: i % 3 === 0 ? at : new Date(Date.UTC(2026, 1, 1, 0, 0, i)).toISOString(),
          }),
        );
      }
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await t.store.list(query({ limit: 50, ...(cursor && { cursor }) }));
        expect(page.total).toBe(120);
        seen.push(...page.entries.map((e) => e.id));
        cursor = page.next_cursor ?? undefined;
        pages += 1;
      } while (cursor);
      expect(pages).toBe(3);
      expect(new Set(seen).size).toBe(120);
      const all = await ids({ limit: 200 });
      expect(seen).toEqual(all);
    });

    it('refuses a cursor it did not issue', async () => {
      t = await testStore(engine);
      await expect(t.store.list(query({ cursor: 'not-a-cursor' }))).rejects.toThrow(
        HistoryQueryError,
      );
      await expect(
        t.store.list(query({ cursor: Buffer.from('[1,2]').toString('base64url') })),
      ).rejects.toThrow(/cursor is not one this server issued/);
    });
    it('offers no next page when the last one is exactly full', async () => {
      t = await testStore(engine);
      for (const id of ['a', 'b', 'c']) await t.store.insert(record({ id }));
      expect((await t.store.list(query({ limit: 3 }))).next_cursor).toBeNull();
      const first = await t.store.list(query({ limit: 2 }));
      expect(first.entries.map((e) => e.id)).toEqual(['c', 'b']);
      const second = await t.store.list(query({ limit: 2, cursor: first.next_cursor! }));
      expect(second.entries.map((e) => e.id)).toEqual(['a']);
      expect(second.next_cursor).toBeNull();
    });
  });

  describe('status readings', () => {
    it('appends a reading only when status, progress or step moved; a quiet poll is silent', async () => {
      t = await testStore(engine);
      await t.store.insert(record({ id: 'j' }));
      await t.heard();
      const changes: HistoryChange[] = [];
      t.store.subscribe((change) => changes.push(change));
      const running = {
        status: 'running',
        progress: 10,
        current_step: 20,
        total_steps: 200,
        cost_estimate: 0.1,
      };
      expect(
        (await t.store.applyStatus('j', running, '2026-01-01T00:01:00.000Z'))?.reading_count,
      ).toBe(2);
      expect(
        (await t.store.applyStatus('j', running, '2026-01-01T00:01:02.000Z'))?.reading_count,
      ).toBe(2);
      await t.heard();
      expect(changes).toHaveLength(1);
      const moved = await t.store.applyStatus(
        'j',
        { ...running, progress: 20, cost_estimate: 0.2 },
        '2026-01-01T00:01:04.000Z',
      );
      expect(moved).toMatchObject({ reading_count: 3, cost: 0.2, status: 'running' });
      await t.heard();
      expect(changes).toHaveLength(2);
      expect(await t.store.applyStatus('nope', running, '2026-01-01T00:01:04.000Z')).toBeNull();
    });

    it('keeps cost, asset and error from the status, and never moves a settled job back', async () => {
      t = await testStore(engine);
      await t.store.insert(record({ id: 'done' }));
      const done = await t.store.applyStatus(
        'done',
        { status: 'completed', progress: 100, total_cost: 1.5, asset_url: 'https://cdn/a.zip' },
        '2026-01-01T00:02:00.000Z',
      );
      expect(done).toMatchObject({
        status: 'completed',
        cost: 1.5,
        result: { urls: ['https://cdn/a.zip'], file_ids: [] },
      });
      expect(
        (
          await t.store.applyStatus(
            'done',
            { status: 'running', progress: 50 },
            '2026-01-01T00:03:00.000Z',
          )
        )?.status,
      ).toBe('completed');
      await t.store.insert(record({ id: 'bad' }));
      expect(
        (
          await t.store.applyStatus(
            'bad',
            { status: 'failed', error: { code: 'input_unreachable', message: 'x' } },
            '2026-01-01T00:02:00.000Z',
          )
        )?.error,
      ).toEqual({ code: 'input_unreachable', message: 'x' });
      await t.store.insert(record({ id: 'plain' }));
      expect(
        (
          await t.store.applyStatus(
            'plain',
            { status: 'failed', error: 'out of memory' },
            '2026-01-01T00:02:00.000Z',
          )
        )?.error,
      ).toEqual({
        code: 'failed',
        message: 'out of memory',
      });
      expect((await t.store.pending()).map((p) => p.id)).toEqual([]);
    });

    it('keeps the last 500 readings, and the compact set the board needs in lists', async () => {
      t = await testStore(engine);
      await t.store.insert(record({ id: 'long' }));
      for (let i = 1; i <= 520; i++) {
        await t.store.applyStatus(
          'long',
          { status: 'running', progress: Math.floor(i / 10), current_step: i },
          new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
        );
      }
      const full = (await t.store.get('long'))!;
      expect(full.reading_count).toBe(521);
      expect(full.readings).toHaveLength(500);
      expect(full.readings.at(-1)).toMatchObject({ current_step: 520 });
      const listed = (await t.store.list(query({}))).entries[0]!;
      // First running reading, the last at its progress, and the last three.
      expect(listed.readings.map((r) => r.current_step)).toEqual([1, 9, 518, 519, 520]);
    });

    it('marks a job the service no longer knows as unknown, settled for good', async () => {
      t = await testStore(engine);
      await t.store.insert(record({ id: 'gone' }));
      expect(await t.store.markUnknown('gone', '2026-01-01T00:05:00.000Z')).toMatchObject({
        status: 'unknown',
        reading_count: 2,
      });
      expect(await t.store.pending()).toEqual([]);
      expect(
        (await t.store.applyStatus('gone', { status: 'running' }, '2026-01-01T00:06:00.000Z'))
          ?.status,
      ).toBe('unknown');
    });

    it('lists as pending only unsettled training jobs and async speech', async () => {
      t = await testStore(engine);
      await t.store.insert(record({ id: 'q', kind: 'voice', status: 'queued' }));
      await t.store.insert(record({ id: 'a', kind: 'speech_async', status: 'processing' }));
      await t.store.insert(record({ id: 's', kind: 'sandbox', status: 'ready' }));
      await t.store.insert(record({ id: 'c', kind: 'music_lora', status: 'completed' }));
      expect((await t.store.pending()).map((p) => p.id).sort()).toEqual(['a', 'q']);
      expect((await t.store.setStalled('q', true))?.stalled).toBe(true);
      expect((await t.store.pending()).find((p) => p.id === 'q')?.stalled).toBe(true);
    });
    it('keeps an async take’s audio from its status, with what describes it given as such', async () => {
      t = await testStore(engine);
      const at = '2026-01-01T00:01:00.000Z';
      await t.store.insert(record({ id: 'take', kind: 'speech_async', status: 'processing' }));
      await t.store.insert(record({ id: 'odd', kind: 'speech_async', status: 'processing' }));
      const take = await t.store.applyStatus(
        'take',
        {
          status: 'completed',
          audio_url: 'https://cdn/take.mp3',
          format: 'mp3',
          sample_rate: 24000,
          duration_s: 2.5,
        },
        at,
      );
      expect(take?.result).toEqual({
        urls: ['https://cdn/take.mp3'],
        file_ids: [],
        format: 'mp3',
        sample_rate: 24000,
        duration_s: 2.5,
      });
      const odd = await t.store.applyStatus(
        'odd',
        {
          status: 'completed',
          audio_url: 'https://cdn/odd.wav',
          format: 3,
          sample_rate: '24000',
          duration_s: null,
        },
        at,
      );
      expect(odd?.result).toEqual({ urls: ['https://cdn/odd.wav'], file_ids: [] });
    });

    it('keeps the result it has while a status names none', async () => {
      t = await testStore(engine);
      const kept = { urls: ['https://cdn/first.zip'], file_ids: [] };
      await t.store.insert(record({ id: 'r', status: 'running', result: kept }));
      const read = await t.store.applyStatus(
        'r',
        { status: 'running', progress: 5, audio_url: 7 },
        '2026-01-01T00:01:00.000Z',
      );
      expect(read?.result).toEqual(kept);
    });

    it('names a failure the service described only in part', async () => {
      t = await testStore(engine);
      const failWith = async (id: string, error: unknown) => {
        await t.store.insert(record({ id }));
        const failed = await t.store.applyStatus(
          id,
          { status: 'failed', error },
          '2026-01-01T00:02:00.000Z',
        );
        return failed?.error;
      };
      expect(await failWith('no_code', { message: 'ran out of memory' })).toEqual({
        code: 'failed',
        message: 'ran out of memory',
      });
      expect(await failWith('odd_code', { code: 507, message: 'disk full' })).toEqual({
        code: 'failed',
        message: 'disk full',
      });
      expect(await failWith('no_message', { code: 'oom' })).toEqual({
        code: 'oom',
        message: '{"code":"oom"}',
      });
    });

    it('keeps the last error until a status clears it; an error neither text nor object is none', async () => {
      t = await testStore(engine);
      const first = { code: 'retrying', message: 'first attempt failed' };
      await t.store.insert(record({ id: 'e', status: 'running', error: first }));
      const errorAfter = async (second: number, data: Record<string, unknown>) => {
        const at = new Date(Date.UTC(2026, 0, 1, 0, 1, second)).toISOString();
        const read = await t.store.applyStatus('e', { status: 'running', ...data }, at);
        return read?.error;
      };
      expect(await errorAfter(1, { progress: 1 })).toEqual(first);
      expect(await errorAfter(2, { progress: 2, error: 'again' })).toEqual({
        code: 'failed',
        message: 'again',
      });
      expect(await errorAfter(3, { progress: 3, error: null })).toBeNull();
      expect(await errorAfter(4, { progress: 4, error: 'once more' })).toEqual({
        code: 'failed',
        message: 'once more',
      });
      expect(await errorAfter(5, { progress: 5, error: 42 })).toBeNull();
    });

    it('keeps the status it had when a reading names none', async () => {
      t = await testStore(engine);
      const at = '2026-01-01T00:01:00.000Z';
      await t.store.insert(record({ id: 's', status: 'running' }));
      const read = await t.store.applyStatus('s', { progress: 30 }, at);
      expect(read).toMatchObject({ status: 'running', reading_count: 2 });
      expect(read?.readings.at(-1)).toEqual({ at, status: 'running', progress: 30 });
    });

    it('writes and tells a new cost or detail without a reading, and the stall clock runs on', async () => {
      t = await testStore(engine);
      const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 1, second)).toISOString();
      await t.store.insert(record({ id: 'c', status: 'running' }));
      await t.store.applyStatus(
        'c',
        { status: 'running', progress: 10, cost_estimate: 0.1 },
        at(1),
      );
      const before = await t.store.lastSeq();
      const later = await t.store.applyStatus(
        'c',
        { status: 'running', progress: 10, cost_estimate: 0.3, eta_s: 40 },
        at(2),
      );
      expect(later).toMatchObject({
        cost: 0.3,
        reading_count: 2,
        latest: { eta_s: 40 },
        updated_at: at(2),
      });
      expect(await t.store.lastSeq()).toBe(before + 1);
      expect((await t.store.pending()).map((p) => p.last_change_at)).toEqual([at(1)]);
      // An estimate that is no number is no cost: the last one stands.
      const unpriced = await t.store.applyStatus(
        'c',
        { status: 'running', progress: 11, cost_estimate: 'unknown' },
        at(3),
      );
      expect(unpriced?.cost).toBe(0.3);
    });

    it('changes nothing for a job it does not hold, and never marks a settled job unknown', async () => {
      t = await testStore(engine);
      const at = '2026-01-01T00:05:00.000Z';
      expect(await t.store.markUnknown('missing', at)).toBeNull();
      expect(await t.store.setStalled('missing', true)).toBeNull();
      await t.store.insert(record({ id: 'done', status: 'completed' }));
      expect(await t.store.markUnknown('done', at)).toMatchObject({
        status: 'completed',
        reading_count: 1,
      });
      expect(await t.store.lastSeq()).toBe(1);
    });

    it('tells a stall, and its end, once each', async () => {
      t = await testStore(engine);
      await t.store.insert(record({ id: 'q' }));
      for (const stalled of [true, true, false, false]) {
        expect((await t.store.setStalled('q', stalled))?.stalled).toBe(stalled);
      }
      expect(await t.store.lastSeq()).toBe(3);
    });

    it('lists unsettled music and video LoRA jobs as pending too, each with its stall clock', async () => {
      t = await testStore(engine);
      const first = '2026-01-01T00:00:01.000Z';
      const second = '2026-01-01T00:00:02.000Z';
      await t.store.insert(
        record({ id: 'music', kind: 'music_lora', status: 'queued', created_at: first }),
      );
      await t.store.insert(
        record({ id: 'video', kind: 'video_lora', status: 'running', created_at: second }),
      );
      expect(await t.store.pending()).toEqual([
        {
          id: 'music',
          kind: 'music_lora',
          status: 'queued',
          last_change_at: first,
          stalled: false,
        },
        {
          id: 'video',
          kind: 'video_lora',
          status: 'running',
          last_change_at: second,
          stalled: false,
        },
      ]);
    });
  });

  describe('change log', () => {
    it('replays one change per entry after a number, deletions included', async () => {
      t = await testStore(engine);
      await t.store.insert(record({ id: 'a' }));
      await t.store.insert(record({ id: 'b' }));
      const after = await t.store.lastSeq();
      await t.store.applyStatus(
        'a',
        { status: 'running', progress: 1 },
        '2026-01-01T00:00:10.000Z',
      );
      await t.store.applyStatus(
        'a',
        { status: 'running', progress: 2 },
        '2026-01-01T00:00:12.000Z',
      );
      await t.store.delete('b');
      const replay = (await t.store.changesSince(after))!;
      expect(replay.map((c) => [c.seq, c.event.type])).toEqual([
        [4, 'upsert'],
        [5, 'delete'],
      ]);
      const first = replay[0]!.event;
      expect(first.type === 'upsert' && first.entry.readings.at(-1)?.progress).toBe(2);
      expect(await t.store.changesSince(await t.store.lastSeq())).toEqual([]);
    });

    it('cannot resume from a number ahead of it (another or a reset database)', async () => {
      t = await testStore(engine);
      await t.store.insert(record({ id: 'a' }));
      expect(await t.store.changesSince(99)).toBeNull();
      expect(await t.store.changesSince(-1)).toBeNull();
      expect(await t.store.changesSince(0)).toHaveLength(1);
    });

    it('keeps its numbers across a restart, and tells a subscriber that throws from the others', async () => {
      t = await testStore(engine);
      await t.store.insert(record({ id: 'a' }));
      await t.store.close();
      t.store = await t.reopen();
      const heard: number[] = [];
      t.store.subscribe(() => {
        throw new Error('broken viewer');
      });
      const unsubscribe = t.store.subscribe((change) => heard.push(change.seq));
      await t.store.insert(record({ id: 'b' }));
      await t.heard();
      expect(heard).toEqual([2]);
      unsubscribe();
      await t.store.insert(record({ id: 'c' }));
      await t.heard();
      expect(heard).toEqual([2]);
      expect((await t.store.changesSince(1))?.map((c) => c.seq)).toEqual([2, 3]);
    });
  });

  describe('retention and deletion', () => {
    it('removes settled entries past the age or beyond the row limit, never pending jobs', async () => {
      t = await testStore(engine);
      const now = new Date('2026-06-01T00:00:00.000Z');
      await t.store.insert(
        record({ id: 'old_done', status: 'completed', created_at: '2026-01-01T00:00:00.000Z' }),
      );
      await t.store.insert(
        record({ id: 'old_running', status: 'running', created_at: '2026-01-01T00:00:00.000Z' }),
      );
      for (let i = 0; i < 5; i++) {
        await t.store.insert(
          record({
            id: `new_${i}`,
            kind: 'image',
            status: 'completed',
            created_at: `2026-05-3${i > 1 ? 1 : 0}T0${i}:00:00.000Z`,
          }),
        );
      }
      expect(await t.store.prune({ days: 90, maxRows: 1000 }, now)).toBe(1);
      expect(await t.store.get('old_done')).toBeNull();
      expect(await t.store.get('old_running')).not.toBeNull();
      expect(await t.store.prune({ days: 90, maxRows: 4 }, now)).toBe(2);
      const left = await ids({});
      expect(left).toHaveLength(4);
      expect(left).toContain('old_running');
      expect(left).not.toContain('new_0');
    });

    it('deletes an entry with its readings and search text, once', async () => {
      t = await testStore(engine);
      await t.store.insert(record({ id: 'del', name: 'findable_name' }));
      expect(await t.store.delete('del')).toBe(true);
      expect(await t.store.delete('del')).toBe(false);
      expect((await t.store.list(query({ q: 'findable' }))).entries).toEqual([]);
      expect(await t.store.get('del')).toBeNull();
    });
    it('keeps to the row limit counting the entries past their age as gone already', async () => {
      t = await testStore(engine);
      const now = new Date('2026-06-01T00:00:00.000Z');
      await t.store.insert(
        record({ id: 'aged', status: 'completed', created_at: '2026-01-01T00:00:00.000Z' }),
      );
      for (let i = 0; i < 5; i++) {
        await t.store.insert(
          record({
            id: `recent_${i}`,
            status: 'completed',
            created_at: `2026-05-2${i}T00:00:00.000Z`,
          }),
        );
      }
      expect(await t.store.prune({ days: 90, maxRows: 4 }, now)).toBe(2);
      expect(await ids({})).toEqual(['recent_4', 'recent_3', 'recent_2', 'recent_1']);
    });

    it('deletes the readings with their entry: an id recorded again starts with its own', async () => {
      t = await testStore(engine);
      const created_at = '2026-01-01T00:00:00.000Z';
      await t.store.insert(record({ id: 'again', created_at }));
      await t.store.applyStatus(
        'again',
        { status: 'running', progress: 10 },
        '2026-01-01T00:01:00.000Z',
      );
      await t.store.applyStatus(
        'again',
        { status: 'running', progress: 20 },
        '2026-01-01T00:02:00.000Z',
      );
      expect(await t.store.delete('again')).toBe(true);
      await t.store.insert(record({ id: 'again', created_at }));
      expect(await t.store.get('again')).toMatchObject({
        reading_count: 1,
        readings: [{ at: created_at, status: 'queued' }],
      });
    });
  });

  describe('kept speech audio', () => {
    const bytes = Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 1, 2, 3, 250]);

    it('keeps it byte for byte, with its type, and only ever as audio', async () => {
      t = await testStore(engine);
      await t.audio.save('take', bytes, 'audio/mpeg');
      expect(await t.audio.read('take')).toEqual({
        bytes,
        contentType: 'audio/mpeg',
        size: bytes.length,
      });
      await t.audio.save('page', Buffer.from('<script>'), 'text/html');
      expect((await t.audio.read('page'))?.contentType).toBe('application/octet-stream');
      expect(await t.audio.read('none')).toBeNull();
    });

    it('goes with its entry, deleted or pruned', async () => {
      t = await testStore(engine);
      const now = new Date('2026-06-01T00:00:00.000Z');
      for (const id of ['deleted', 'pruned', 'kept']) {
        await t.audio.save(id, bytes, 'audio/mpeg');
        await t.store.insert(
          record({
            id,
            kind: 'speech',
            status: 'completed',
            created_at: id === 'pruned' ? '2026-01-01T00:00:00.000Z' : now.toISOString(),
          }),
        );
      }
      expect(await t.store.delete('deleted')).toBe(true);
      expect(await t.store.prune({ days: 90, maxRows: 1000 }, now)).toBe(1);
      expect(await t.audio.read('deleted')).toBeNull();
      expect(await t.audio.read('pruned')).toBeNull();
      expect((await t.audio.read('kept'))?.bytes).toEqual(bytes);
    });
    it('stays when the id removed is not in the history', async () => {
      t = await testStore(engine);
      await t.audio.save('not_recorded', bytes, 'audio/mpeg');
      expect(await t.store.delete('not_recorded')).toBe(false);
      expect((await t.audio.read('not_recorded'))?.bytes).toEqual(bytes);
    });
  });

  describe('import', () => {
    it('imports an entry with its readings once; a second import skips it', async () => {
      t = await testStore(engine);
      const entry = {
        id: 'task_old',
        kind: 'voice' as const,
        name: 'old_voice',
        params: { name: 'old_voice' },
        created_at: '2025-12-01T00:00:00.000Z',
        status: 'completed',
        latest: { status: 'completed', total_cost: 1 },
        result: null,
        cost: 1,
        error: null,
        readings: [
          { at: '2025-12-01T00:00:00.000Z', status: 'queued' },
          { at: '2025-12-01T00:01:00.000Z', status: 'completed', progress: 100 },
        ],
      };
      expect(await t.store.importEntry(entry, 'dashboard')).toBe('imported');
      expect(await t.store.importEntry({ ...entry, name: 'changed' }, 'dashboard')).toBe('skipped');
      expect(await t.store.get('task_old')).toMatchObject({
        name: 'old_voice',
        reading_count: 2,
        source: 'dashboard',
        readings: entry.readings,
      });
    });
    it('gives an entry imported without readings one: its status when it was created', async () => {
      t = await testStore(engine);
      const created_at = '2025-12-01T00:00:00.000Z';
      await t.store.importEntry(
        { ...record({ id: 'bare', status: 'completed', created_at }), readings: [] },
        'dashboard',
      );
      expect(await t.store.get('bare')).toMatchObject({
        reading_count: 1,
        readings: [{ at: created_at, status: 'completed' }],
      });
    });

    it('keeps the last 500 readings of a long import, in order, and goes on from the last', async () => {
      t = await testStore(engine);
      const at = (i: number) => new Date(Date.UTC(2025, 11, 1, 0, 0, i)).toISOString();
      const steps = (from: number, to: number) =>
        Array.from({ length: to - from }, (_, i) => from + i);
      await t.store.importEntry(
        {
          ...record({ id: 'long', status: 'running', created_at: at(0) }),
          readings: steps(0, 502).map((i) => ({ at: at(i), status: 'running', current_step: i })),
        },
        'dashboard',
      );
      const imported = (await t.store.get('long'))!;
      expect(imported.reading_count).toBe(502);
      expect(imported.readings.map((r) => r.current_step)).toEqual(steps(2, 502));
      // The stall clock starts at the last reading, not at the creation.
      expect((await t.store.pending()).map((p) => p.last_change_at)).toEqual([at(501)]);
      await t.store.applyStatus('long', { status: 'running', current_step: 502 }, at(502));
      const next = (await t.store.get('long'))!;
      expect(next.reading_count).toBe(503);
      expect(next.readings.map((r) => r.current_step)).toEqual(steps(3, 503));
    });
  });
});

describe('a poller write on PostgreSQL before any replica has led', () => {
  it('is refused: there is no term it could write under', async () => {
    t = await testStore('postgres');
    await t.store.insert(record({ id: 'job' }));
    const at = '2026-03-01T00:00:01.000Z';
    const fence = { term: 1 };
    expect(
      await t.store.applyStatus('job', { status: 'running', progress: 5 }, at, fence),
    ).toMatchObject({ status: 'queued', reading_count: 1 });
    expect(await t.store.markUnknown('job', at, fence)).toMatchObject({ status: 'queued' });
    expect(await t.store.setStalled('job', true, fence)).toMatchObject({ stalled: false });
  });
});

describe('a store whose feed hears every commit (replicas on PostgreSQL)', () => {
  it('writes once the feed knows where it starts, and leaves the telling to the feed', async () => {
    t = await testStore('sqlite');
    const published: HistoryChange[] = [];
    let start!: () => void;
    const feed: ChangeFeed = {
      ...localChangeFeed(),
      hearsCommits: true,
      publish: (change) => published.push(change),
      ready: new Promise<void>((resolve) => (start = resolve)),
    };
    const store = createHistoryStore(await t.openDb(), { feed });
    try {
      const inserting = store.insert(record({ id: 'early' }));
      for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
      expect(await store.get('early')).toBeNull();
      start();
      expect((await inserting).id).toBe('early');
      expect(await store.get('early')).not.toBeNull();
      expect(published).toEqual([]);
    } finally {
      await store.close();
    }
  });
});
