import {
  historyTotalCap,
  isSettledHistoryStatus,
  unknownHistoryStatus,
  type HistoryEntry,
  type HistoryError,
  type HistoryImportEntry,
  type HistoryReading,
  type HistoryResult,
  type HistorySource,
  type ParsedHistoryQuery,
} from '../../src/api/contract/history';
import type { SqlDb, SqlExecutor } from '../db/sql-db';
import type { AudioStore } from './audio-store';
import { localChangeFeed, type ChangeFeed } from './change-feed';
import { changeLog } from './change-log';
import {
  compactReadings,
  readingOf,
  sameReading,
  searchText,
  toEntry,
  type EntryRow,
} from './entry-row';
import { readPage, readPeople } from './list-page';
import { recordUsage } from '../usage/ledger';
import { noticeChange, type EntryBefore } from './notices';
import { encodeCursor } from './list-query';
import type { HistoryStore, LeadFence, NewHistoryRecord, RetentionPolicy } from './types';

/** Enough for a progress chart of a long job without letting one job grow without bound. */
export const maxReadings = 500;

type Json = Record<string, unknown>;
const json = (value: unknown) =>
  value === null || value === undefined ? null : JSON.stringify(value);
const settledFlag = (kind: HistoryEntry['kind'], status: string) =>
  isSettledHistoryStatus(kind, status) ? 1 : 0;

function errorOf(value: unknown): HistoryError | null {
  if (typeof value === 'string') return { code: 'failed', message: value };
  if (typeof value !== 'object' || value === null) return null;
  const { code, message } = value as Json;
  return {
    code: typeof code === 'string' ? code : 'failed',
    message: typeof message === 'string' ? message : JSON.stringify(value),
  };
}

/** Where a status body says the result is: a trained asset, or an async take's audio. */
function resultOf(data: Json): HistoryResult | null {
  if (typeof data.asset_url === 'string') return { urls: [data.asset_url], file_ids: [] };
  if (typeof data.audio_url !== 'string') return null;
  const result: HistoryResult = { urls: [data.audio_url], file_ids: [] };
  if (typeof data.format === 'string') result.format = data.format;
  if (typeof data.sample_rate === 'number') result.sample_rate = data.sample_rate;
  if (typeof data.duration_s === 'number') result.duration_s = data.duration_s;
  return result;
}

function costOf(data: Json): number | null {
  if (typeof data.total_cost === 'number') return data.total_cost;
  return typeof data.cost_estimate === 'number' ? data.cost_estimate : null;
}

const selectEntry = 'SELECT * FROM entries WHERE id = ?';
const insertEntrySql = `
  INSERT INTO entries (id, kind, name, params_json, created_at, updated_at, status, settled,
    latest_json, result_json, cost, error_json, source, stalled, reading_count, readings_json,
    last_change_at, search_text, trace_id, elapsed_ms, started_by_id, started_by_name,
    started_by_token)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
const insertReadingSql = `
  INSERT INTO readings (entry_id, n, at, status, progress, current_step) VALUES (?, ?, ?, ?, ?, ?)
  ON CONFLICT (entry_id, n) DO UPDATE SET at = excluded.at, status = excluded.status,
    progress = excluded.progress, current_step = excluded.current_step`;
const updateStatusSql = `
  UPDATE entries SET status = ?, settled = ?, updated_at = ?, latest_json = ?, result_json = ?,
    cost = ?, error_json = ?, reading_count = ?, readings_json = ?, last_change_at = ?, stalled = ?
  WHERE id = ?`;

/** What a write did: its answer, and the entry it changed (the change to log and tell). */
interface Written<T> {
  value: T;
  changed: string | null;
  deleted?: boolean;
  /** The changed entry as committed, when it was not deleted. */
  entry?: HistoryEntry | null;
  /**
   * The entry before a write that may tell something (server/notify): null for a creation;
   * absent for writes that never tell (an import, a removal).
   */
  before?: EntryBefore | null;
}

/** A status update, in the column order of updateStatusSql. */
interface StatusColumns {
  status: string;
  settled: number;
  updated_at: string;
  latest_json: string | null;
  result_json: string | null;
  cost: number | null;
  error_json: string | null;
  reading_count: number;
  readings_json: string;
  last_change_at: string;
  stalled: number;
}

export interface HistoryStoreOptions {
  /**
   * How the changes reach the subscribers: one process on its own database by default; replicas
   * on PostgreSQL pass the feed that listens (listeningChangeFeed).
   */
  feed?: ChangeFeed;
  /** Where kept speech audio is: an entry's audio goes with it. */
  audio?: AudioStore;
  /** How many changes a stream can resume across (keptChanges). */
  keptChanges?: number;
}

/** The gateway's history over SqlDb; see HistoryStore for what each method promises. */
export function createHistoryStore(db: SqlDb, options: HistoryStoreOptions = {}): HistoryStore {
  const log = changeLog(db, { kept: options.keptChanges });
  const feed = options.feed ?? localChangeFeed();

  const rowOf = (on: SqlExecutor, id: string) => on.get<EntryRow>(selectEntry, [id]);
  const current = async (on: SqlExecutor, id: string) => {
    const row = await rowOf(on, id);
    return row ? toEntry(row) : null;
  };

  async function writeReadings(
    tx: SqlExecutor,
    id: string,
    readings: readonly HistoryReading[],
    first: number,
  ) {
    for (const [i, r] of readings.entries()) {
      await tx.run(insertReadingSql, [
        id,
        first + i,
        r.at,
        r.status,
        r.progress ?? null,
        r.current_step ?? null,
      ]);
    }
  }

  async function insertEntry(
    tx: SqlExecutor,
    record: NewHistoryRecord,
    readings: HistoryReading[],
  ) {
    const kept = readings.slice(-maxReadings);
    await tx.run(insertEntrySql, [
      record.id,
      record.kind,
      record.name,
      JSON.stringify(record.params),
      record.created_at,
      record.created_at,
      record.status,
      settledFlag(record.kind, record.status),
      json(record.latest),
      json(record.result),
      record.cost,
      json(record.error),
      record.source,
      readings.length,
      JSON.stringify(compactReadings(readings)),
      readings.at(-1)?.at ?? record.created_at,
      searchText(record.id, record.kind, record.name, record.params),
      record.trace_id ?? null,
      record.elapsed_ms ?? null,
      record.started_by?.id ?? null,
      record.started_by?.name ?? null,
      record.started_by?.token ?? null,
    ]);
    await writeReadings(tx, record.id, kept, readings.length - kept.length);
  }

  const updateStatus = (tx: SqlExecutor, id: string, to: StatusColumns) =>
    tx.run(updateStatusSql, [
      to.status,
      to.settled,
      to.updated_at,
      to.latest_json,
      to.result_json,
      to.cost,
      to.error_json,
      to.reading_count,
      to.readings_json,
      to.last_change_at,
      to.stalled,
      id,
    ]);

  /** Told in the order committed: each write waits for the one before it to be told. */
  let telling: Promise<unknown> = Promise.resolve();

  /**
   * Runs `write` in a transaction that logs the change it made. A feed that hears commits
   * (PostgreSQL) tells it to the subscribers of every replica; otherwise it is told here,
   * after the commit.
   */
  async function change<T>(write: (tx: SqlExecutor) => Promise<Written<T>>): Promise<T> {
    if (feed.hearsCommits) {
      // Written once the feed knows where it starts, so that it hears this change.
      await feed.ready;
      return (await transact(write)).value;
    }
    const done = transact(write);
    const told = telling
      .then(() => done)
      .then((out) => {
        if (out.seq === null || !out.changed) return;
        feed.publish({
          seq: out.seq,
          event: out.deleted
            ? { type: 'delete', id: out.changed }
            : { type: 'upsert', entry: out.entry! },
        });
      })
      .catch(() => undefined);
    telling = told;
    await told;
    return (await done).value;
  }

  function transact<T>(write: (tx: SqlExecutor) => Promise<Written<T>>) {
    return db.transaction(async (tx) => {
      await log.lock(tx);
      const out = await write(tx);
      if (out.before !== undefined && out.entry) await noticeChange(tx, out.before, out.entry);
      // The usage counts move with the entry they count, in the same commit (server/usage).
      if (out.entry && !out.deleted) await recordUsage(tx, out.entry, new Date().toISOString());
      const seq = out.changed
        ? await log.append(tx, out.changed, out.deleted ? 'delete' : 'upsert')
        : null;
      return { ...out, seq };
    });
  }

  /**
   * Whether a poller's write may go (see LeadFence). The row is read FOR SHARE: a replica
   * taking the lead raises the term only after the writes under the old one are committed.
   */
  async function leadHolds(tx: SqlExecutor, fence: LeadFence | undefined): Promise<boolean> {
    if (!fence || tx.dialect !== 'postgres') return true;
    if (fence.term === null) return false;
    const lead = await tx.get<{ term: number }>(
      'SELECT term FROM poller_lead WHERE id = 1 FOR SHARE',
    );
    return lead?.term === fence.term;
  }

  /** Changed `id`, which was `before`: answers the entry as it now is, and tells it. */
  async function changed(
    tx: SqlExecutor,
    id: string,
    before: EntryRow,
  ): Promise<Written<HistoryEntry | null>> {
    const entry = await current(tx, id);
    return {
      value: entry,
      changed: id,
      entry,
      before: { settled: before.settled === 1, stalled: before.stalled === 1 },
    };
  }

  async function append(
    tx: SqlExecutor,
    row: EntryRow,
    reading: HistoryReading,
  ): Promise<HistoryReading[]> {
    const n = row.reading_count;
    await tx.run(insertReadingSql, [
      row.id,
      n,
      reading.at,
      reading.status,
      reading.progress ?? null,
      reading.current_step ?? null,
    ]);
    if (n >= maxReadings)
      await tx.run('DELETE FROM readings WHERE entry_id = ? AND n = ?', [row.id, n - maxReadings]);
    return compactReadings([...(JSON.parse(row.readings_json) as HistoryReading[]), reading]);
  }

  const store: HistoryStore = {
    insert(record) {
      return change(async (tx) => {
        const existing = await current(tx, record.id);
        if (existing) return { value: existing, changed: null };
        await insertEntry(tx, record, [readingOf(record.status, record.latest, record.created_at)]);
        const entry = (await current(tx, record.id))!;
        return { value: entry, changed: record.id, entry, before: null };
      });
    },

    importEntry(entry: HistoryImportEntry, source: HistorySource) {
      return change(async (tx) => {
        if (await rowOf(tx, entry.id)) return { value: 'skipped' as const, changed: null };
        const readings =
          entry.readings.length > 0
            ? entry.readings
            : [readingOf(entry.status, entry.latest, entry.created_at)];
        await insertEntry(tx, { ...entry, source }, readings);
        return {
          value: 'imported' as const,
          changed: entry.id,
          entry: await current(tx, entry.id),
        };
      });
    },

    applyStatus(id, data, at, fence) {
      return change(async (tx) => {
        const row = await rowOf(tx, id);
        if (!row) return { value: null, changed: null };
        const entry = toEntry(row);
        // Settled is final: a late answer from before the end never moves a job back; nor does
        // one read by a replica that has lost the lead since (its term is not the current one).
        if (row.settled === 1 || !(await leadHolds(tx, fence)))
          return { value: entry, changed: null };
        const status = typeof data.status === 'string' ? data.status : row.status;
        const reading = readingOf(status, data, at);
        const moved = !sameReading(entry.readings.at(-1), reading);
        const latest = JSON.stringify(data);
        if (!moved && latest === row.latest_json) return { value: entry, changed: null };
        const readings = moved ? await append(tx, row, reading) : entry.readings;
        await updateStatus(tx, id, {
          status,
          settled: settledFlag(entry.kind, status),
          updated_at: at,
          latest_json: latest,
          result_json: json(resultOf(data) ?? entry.result),
          cost: costOf(data) ?? row.cost,
          error_json: json(data.error === undefined ? entry.error : errorOf(data.error)),
          reading_count: row.reading_count + (moved ? 1 : 0),
          readings_json: JSON.stringify(readings),
          last_change_at: moved ? at : row.last_change_at,
          stalled: moved ? 0 : row.stalled,
        });
        return changed(tx, id, row);
      });
    },

    markUnknown(id, at, fence) {
      return change(async (tx) => {
        const row = await rowOf(tx, id);
        if (!row) return { value: null, changed: null };
        if (row.settled === 1 || !(await leadHolds(tx, fence)))
          return { value: toEntry(row), changed: null };
        const reading = readingOf(unknownHistoryStatus, null, at);
        await updateStatus(tx, id, {
          status: unknownHistoryStatus,
          settled: 1,
          updated_at: at,
          latest_json: row.latest_json,
          result_json: row.result_json,
          cost: row.cost,
          error_json: row.error_json,
          reading_count: row.reading_count + 1,
          readings_json: JSON.stringify(await append(tx, row, reading)),
          last_change_at: at,
          stalled: 0,
        });
        return changed(tx, id, row);
      });
    },

    setStalled(id, stalled, fence) {
      return change(async (tx) => {
        const row = await rowOf(tx, id);
        if (!row) return { value: null, changed: null };
        if ((row.stalled === 1) === stalled || !(await leadHolds(tx, fence)))
          return { value: toEntry(row), changed: null };
        await tx.run('UPDATE entries SET stalled = ? WHERE id = ?', [stalled ? 1 : 0, id]);
        return changed(tx, id, row);
      });
    },

    async get(id) {
      const row = await rowOf(db, id);
      if (!row) return null;
      const rows = await db.all<{
        at: string;
        status: string;
        progress: number | null;
        current_step: number | null;
      }>('SELECT at, status, progress, current_step FROM readings WHERE entry_id = ? ORDER BY n', [
        id,
      ]);
      const readings = rows.map((r) => ({
        at: r.at,
        status: r.status,
        ...(r.progress !== null && { progress: r.progress }),
        ...(r.current_step !== null && { current_step: r.current_step }),
      }));
      return toEntry(row, readings);
    },

    async list(query: ParsedHistoryQuery) {
      const { rows, counted, seq } = await readPage(db, query);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        entries: page.map((row) => toEntry(row)),
        next_cursor: rows.length > query.limit && last ? encodeCursor(last) : null,
        total: Math.min(counted, historyTotalCap),
        total_exact: counted <= historyTotalCap,
        seq,
      };
    },

    people: (kinds) => readPeople(db, kinds),

    async delete(id) {
      const removed = await change(async (tx) => {
        const removed = (await tx.run('DELETE FROM entries WHERE id = ?', [id])).changes > 0;
        if (removed) await tx.run('DELETE FROM readings WHERE entry_id = ?', [id]);
        return { value: removed, changed: removed ? id : null, deleted: true };
      });
      if (removed) await options.audio?.remove(id);
      return removed;
    },

    async pending() {
      const rows = await db.all<
        Pick<EntryRow, 'id' | 'kind' | 'status' | 'last_change_at' | 'stalled'>
      >(
        'SELECT id, kind, status, last_change_at, stalled FROM entries WHERE settled = 0 ORDER BY created_at',
      );
      return rows
        .filter(
          (row) =>
            row.kind === 'speech_async' || ['voice', 'music_lora', 'video_lora'].includes(row.kind),
        )
        .map((row) => ({
          id: row.id,
          kind: row.kind as HistoryEntry['kind'],
          status: row.status,
          last_change_at: row.last_change_at,
          stalled: row.stalled === 1,
        }));
    },

    changesSince: (seq) => log.since(seq),
    lastSeq: () => log.lastSeq(),
    subscribe: (listener) => feed.subscribe(listener),

    async prune(policy: RetentionPolicy, now: Date) {
      const cutoff = new Date(now.getTime() - policy.days * 86_400_000).toISOString();
      const old = await db.all<{ id: string }>(
        'SELECT id FROM entries WHERE settled = 1 AND created_at < ?',
        [cutoff],
      );
      const { count } = (await db.get<{ count: number }>('SELECT count(*) AS count FROM entries'))!;
      const excess = Math.max(0, count - old.length - policy.maxRows);
      const surplus =
        excess > 0
          ? await db.all<{ id: string }>(
              'SELECT id FROM entries WHERE settled = 1 AND created_at >= ? ORDER BY created_at, id LIMIT ?',
              [cutoff, excess],
            )
          : [];
      const ids = [...old, ...surplus].map((row) => row.id);
      for (const id of ids) await store.delete(id);
      await db.transaction(async (tx) => {
        await log.lock(tx);
        await log.trim(tx);
      });
      return ids.length;
    },

    async backfillUsage(batch = 500) {
      let counted = 0;
      for (;;) {
        const done = await db.transaction(async (tx) => {
          // Under the history's write lock, as every write that counts: no entry counted twice.
          await log.lock(tx);
          const rows = await tx.all<EntryRow>(
            `SELECT e.* FROM entries e LEFT JOIN usage_ledger l ON l.entry_id = e.id
             WHERE l.entry_id IS NULL ORDER BY e.created_at, e.id LIMIT ?`,
            [batch],
          );
          const now = new Date().toISOString();
          for (const row of rows) await recordUsage(tx, toEntry(row), now);
          return rows.length;
        });
        counted += done;
        if (done < batch) return counted;
      }
    },

    async close() {
      await feed.close();
      await db.close();
    },
  };
  return store;
}
