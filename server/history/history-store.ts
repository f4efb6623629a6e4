import {
  historyTotalCap,
  isSettledHistoryStatus,
  unknownHistoryStatus,
  type HistoryEntry,
  type HistoryError,
  type HistoryEvent,
  type HistoryImportEntry,
  type HistoryReading,
  type HistoryResult,
  type HistorySource,
  type ParsedHistoryQuery,
} from '../../src/api/contract/history';
import { changeLog } from './change-log';
import {
  compactReadings,
  readingOf,
  sameReading,
  searchText,
  toEntry,
  type EntryRow,
} from './entry-row';
import type { HistoryDb } from './history-db';
import { readPage, readPeople } from './list-page';
import { encodeCursor } from './list-query';
import type { HistoryChange, HistoryStore, NewHistoryRecord, RetentionPolicy } from './types';

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

/** The gateway's history on SQLite; see HistoryStore for what each method promises. */
export function createHistoryStore(db: HistoryDb): HistoryStore {
  const log = changeLog(db);
  const rowOf = db.prepare<[string], EntryRow>('SELECT * FROM entries WHERE id = ?');
  const insertRow = db.prepare(`
    INSERT INTO entries (id, kind, name, params_json, created_at, updated_at, status, settled,
      latest_json, result_json, cost, error_json, source, stalled, reading_count, readings_json,
      last_change_at, search_text, trace_id, elapsed_ms, started_by_id, started_by_name,
      started_by_token)
    VALUES (@id, @kind, @name, @params_json, @created_at, @updated_at, @status, @settled,
      @latest_json, @result_json, @cost, @error_json, @source, 0, @reading_count, @readings_json,
      @last_change_at, @search_text, @trace_id, @elapsed_ms, @started_by_id, @started_by_name,
      @started_by_token)`);
  const insertReading = db.prepare(
    'INSERT OR REPLACE INTO readings (entry_id, n, at, status, progress, current_step) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const dropReading = db.prepare('DELETE FROM readings WHERE entry_id = ? AND n = ?');
  const readingsOf = db.prepare<
    [string],
    { at: string; status: string; progress: number | null; current_step: number | null }
  >('SELECT at, status, progress, current_step FROM readings WHERE entry_id = ? ORDER BY n');
  const deleteRow = db.prepare('DELETE FROM entries WHERE id = ?');
  const deleteReadings = db.prepare('DELETE FROM readings WHERE entry_id = ?');

  const current = (id: string) => {
    const row = rowOf.get(id);
    return row ? toEntry(row) : null;
  };

  function writeReadings(id: string, readings: readonly HistoryReading[], first: number) {
    readings.forEach((r, i) =>
      insertReading.run(id, first + i, r.at, r.status, r.progress ?? null, r.current_step ?? null),
    );
  }

  function insertEntry(record: NewHistoryRecord, readings: HistoryReading[]): void {
    const kept = readings.slice(-maxReadings);
    insertRow.run({
      id: record.id,
      kind: record.kind,
      name: record.name,
      params_json: JSON.stringify(record.params),
      created_at: record.created_at,
      updated_at: record.created_at,
      status: record.status,
      settled: settledFlag(record.kind, record.status),
      latest_json: json(record.latest),
      result_json: json(record.result),
      cost: record.cost,
      error_json: json(record.error),
      source: record.source,
      reading_count: readings.length,
      readings_json: JSON.stringify(compactReadings(readings)),
      last_change_at: readings.at(-1)?.at ?? record.created_at,
      search_text: searchText(record.id, record.kind, record.name, record.params),
      trace_id: record.trace_id ?? null,
      elapsed_ms: record.elapsed_ms ?? null,
      started_by_id: record.started_by?.id ?? null,
      started_by_name: record.started_by?.name ?? null,
      started_by_token: record.started_by?.token ?? null,
    });
    writeReadings(record.id, kept, readings.length - kept.length);
  }

  /** Runs `write` in a transaction; the change it logs is told to subscribers after commit. */
  function change<T>(write: () => { value: T; changed: string | null; deleted?: boolean }): T {
    const done = db.transaction(() => {
      const out = write();
      const seq = out.changed ? log.append(out.changed, out.deleted ? 'delete' : 'upsert') : null;
      return { ...out, seq };
    })();
    if (done.seq !== null && done.changed) {
      const event: HistoryEvent = done.deleted
        ? { type: 'delete', id: done.changed }
        : { type: 'upsert', entry: current(done.changed)! };
      log.notify({ seq: done.seq, event });
    }
    return done.value;
  }

  function append(row: EntryRow, reading: HistoryReading): HistoryReading[] {
    const n = row.reading_count;
    insertReading.run(
      row.id,
      n,
      reading.at,
      reading.status,
      reading.progress ?? null,
      reading.current_step ?? null,
    );
    if (n >= maxReadings) dropReading.run(row.id, n - maxReadings);
    return compactReadings([...(JSON.parse(row.readings_json) as HistoryReading[]), reading]);
  }

  const updateStatus = db.prepare(`
    UPDATE entries SET status = @status, settled = @settled, updated_at = @updated_at,
      latest_json = @latest_json, result_json = @result_json, cost = @cost, error_json = @error_json,
      reading_count = @reading_count, readings_json = @readings_json,
      last_change_at = @last_change_at, stalled = @stalled
    WHERE id = @id`);

  const store: HistoryStore = {
    insert(record) {
      return change(() => {
        const existing = current(record.id);
        if (existing) return { value: existing, changed: null };
        insertEntry(record, [readingOf(record.status, record.latest, record.created_at)]);
        return { value: current(record.id)!, changed: record.id };
      });
    },

    importEntry(entry: HistoryImportEntry, source: HistorySource) {
      return change(() => {
        if (rowOf.get(entry.id)) return { value: 'skipped' as const, changed: null };
        const readings =
          entry.readings.length > 0
            ? entry.readings
            : [readingOf(entry.status, entry.latest, entry.created_at)];
        insertEntry({ ...entry, source }, readings);
        return { value: 'imported' as const, changed: entry.id };
      });
    },

    applyStatus(id, data, at) {
      return change(() => {
        const row = rowOf.get(id);
        if (!row) return { value: null, changed: null };
        const entry = toEntry(row);
        // Settled is final: a late answer from before the end never moves a job back.
        if (row.settled === 1) return { value: entry, changed: null };
        const status = typeof data.status === 'string' ? data.status : row.status;
        const reading = readingOf(status, data, at);
        const moved = !sameReading(entry.readings.at(-1), reading);
        const latest = JSON.stringify(data);
        if (!moved && latest === row.latest_json) return { value: entry, changed: null };
        const readings = moved ? append(row, reading) : entry.readings;
        updateStatus.run({
          id,
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
        return { value: current(id), changed: id };
      });
    },

    markUnknown(id, at) {
      return change(() => {
        const row = rowOf.get(id);
        if (!row) return { value: null, changed: null };
        if (row.settled === 1) return { value: toEntry(row), changed: null };
        const reading = readingOf(unknownHistoryStatus, null, at);
        updateStatus.run({
          id,
          status: unknownHistoryStatus,
          settled: 1,
          updated_at: at,
          latest_json: row.latest_json,
          result_json: row.result_json,
          cost: row.cost,
          error_json: row.error_json,
          reading_count: row.reading_count + 1,
          readings_json: JSON.stringify(append(row, reading)),
          last_change_at: at,
          stalled: 0,
        });
        return { value: current(id), changed: id };
      });
    },

    setStalled(id, stalled) {
      return change(() => {
        const row = rowOf.get(id);
        if (!row) return { value: null, changed: null };
        if ((row.stalled === 1) === stalled) return { value: toEntry(row), changed: null };
        db.prepare('UPDATE entries SET stalled = ? WHERE id = ?').run(stalled ? 1 : 0, id);
        return { value: current(id), changed: id };
      });
    },

    get(id) {
      const row = rowOf.get(id);
      if (!row) return null;
      const readings = readingsOf.all(id).map((r) => ({
        at: r.at,
        status: r.status,
        ...(r.progress !== null && { progress: r.progress }),
        ...(r.current_step !== null && { current_step: r.current_step }),
      }));
      return toEntry(row, readings);
    },

    list(query: ParsedHistoryQuery) {
      const { rows, counted } = readPage(db, query);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        entries: page.map((row) => toEntry(row)),
        next_cursor: rows.length > query.limit && last ? encodeCursor(last) : null,
        total: Math.min(counted, historyTotalCap),
        total_exact: counted <= historyTotalCap,
      };
    },

    people: (kinds) => readPeople(db, kinds),

    delete(id) {
      return change(() => {
        const removed = deleteRow.run(id).changes > 0;
        if (removed) deleteReadings.run(id);
        return { value: removed, changed: removed ? id : null, deleted: true };
      });
    },

    pending() {
      return db
        .prepare<[], Pick<EntryRow, 'id' | 'kind' | 'status' | 'last_change_at' | 'stalled'>>(
          'SELECT id, kind, status, last_change_at, stalled FROM entries WHERE settled = 0 ORDER BY created_at',
        )
        .all()
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

    changesSince(seq): HistoryChange[] | null {
      return log.since(seq, (id) => current(id));
    },

    lastSeq: () => log.lastSeq(),
    subscribe: (listener) => log.subscribe(listener),

    prune(policy: RetentionPolicy, now: Date) {
      const cutoff = new Date(now.getTime() - policy.days * 86_400_000).toISOString();
      const old = db
        .prepare<[string], { id: string }>(
          'SELECT id FROM entries WHERE settled = 1 AND created_at < ?',
        )
        .all(cutoff);
      const { count } = db
        .prepare<[], { count: number }>('SELECT count(*) AS count FROM entries')
        .get()!;
      const excess = Math.max(0, count - old.length - policy.maxRows);
      const surplus =
        excess > 0
          ? db
              .prepare<[string, number], { id: string }>(
                'SELECT id FROM entries WHERE settled = 1 AND created_at >= ? ORDER BY created_at, id LIMIT ?',
              )
              .all(cutoff, excess)
          : [];
      const ids = [...old, ...surplus].map((row) => row.id);
      for (const id of ids) store.delete(id);
      log.trim();
      return ids.length;
    },

    close: () => db.close(),
  };
  return store;
}
