import { lockKeys } from '../db/lock-keys';
import type { HistoryEvent } from '../../src/api/contract/history';
import type { SqlExecutor } from '../db/sql-db';
import { toEntry, type EntryRow } from './entry-row';
import type { HistoryChange } from './types';

/** How many changes a stream can resume across; older readers start over from the list. */
export const keptChanges = 10_000;
/** Trim the log every so many appends, not on each. */
const trimEvery = 500;

/**
 * Taken first by every transaction that writes the history on PostgreSQL, so the change log is
 * numbered in the order of the commits: a stream that resumed from N never misses a change
 * committed later with a smaller number. It serializes the history's writers, every replica's,
 * which its write rate (a few per second at most) allows. Taken first, before any row: a
 * writer never holds a row another waits for while waiting for the lock.
 */
const writeLockKey = lockKeys.historyWrites;
/** Where PostgreSQL tells every replica's feed (change-feed.ts) that a change was committed. */
export const changeChannel = 'media_history_changes';

export const lastSeqSql = {
  // The sequence survives a trimmed-empty table: AUTOINCREMENT never reuses a number.
  sqlite: `SELECT coalesce(
    (SELECT seq FROM sqlite_sequence WHERE name = 'changes'),
    (SELECT max(seq) FROM changes),
    0) AS seq`,
  // The newest committed: the identity's own counter also counts what is not committed yet.
  postgres: `SELECT coalesce(
    (SELECT max(seq) FROM changes),
    (SELECT value FROM meta WHERE key = 'trimmed_through'),
    0) AS seq`,
} as const;
const trimmedThroughSql = "SELECT value FROM meta WHERE key = 'trimmed_through'";
/** One change per entry, its newest, with the entry as it is now (none once deleted). */
const sinceSql = `SELECT changed.seq AS change_seq, changed.entry_id AS change_entry, entries.*
  FROM (SELECT max(seq) AS seq, entry_id FROM changes WHERE seq > ? GROUP BY entry_id) AS changed
  LEFT JOIN entries ON entries.id = changed.entry_id
  ORDER BY changed.seq`;

type SinceRow = { change_seq: number; change_entry: string } & (
  EntryRow | { [K in keyof EntryRow]: null }
);

/**
 * The numbered log of changes viewers should see, in the history's database: a stream resumes
 * from its Last-Event-ID across a dropped connection and across a restart of the gateway.
 */
export function changeLog(db: SqlExecutor, options: { kept?: number } = {}) {
  const kept = options.kept ?? keptChanges;
  let appends = 0;

  const lastSeq = async (on: SqlExecutor = db) =>
    (await on.get<{ seq: number }>(lastSeqSql[on.dialect]))?.seq ?? 0;
  const trimmedThrough = async (on: SqlExecutor) =>
    (await on.get<{ value: number }>(trimmedThroughSql))?.value ?? 0;

  /** Inside a writing transaction: forgets the changes older than the kept ones. */
  async function trim(tx: SqlExecutor) {
    const through = (await lastSeq(tx)) - kept;
    if (through <= (await trimmedThrough(tx))) return;
    await tx.run('DELETE FROM changes WHERE seq <= ?', [through]);
    await tx.run("UPDATE meta SET value = ? WHERE key = 'trimmed_through' AND value < ?", [
      through,
      through,
    ]);
  }

  return {
    /** The number of the newest change, 0 when none. */
    lastSeq: () => lastSeq(),
    trim,
    /** First in a transaction that writes the history (see writeLockKey). */
    async lock(tx: SqlExecutor) {
      if (tx.dialect === 'postgres') await tx.run(`SELECT pg_advisory_xact_lock(${writeLockKey})`);
    },
    /**
     * Inside the writer's transaction, under its lock: numbers the change. On PostgreSQL the
     * number is announced to every replica when the transaction commits (only the number: a
     * notification carries at most 8000 bytes, and each feed reads the change itself).
     */
    async append(tx: SqlExecutor, entryId: string, type: 'upsert' | 'delete'): Promise<number> {
      const row = await tx.get<{ seq: number }>(
        'INSERT INTO changes (entry_id, type, at) VALUES (?, ?, ?) RETURNING seq',
        [entryId, type, new Date().toISOString()],
      );
      const seq = row!.seq;
      if (tx.dialect === 'postgres')
        await tx.run('SELECT pg_notify(?, ?)', [changeChannel, String(seq)]);
      if (++appends % trimEvery === 0) await trim(tx);
      return seq;
    },
    /**
     * One change per entry changed after `seq` (its latest state), oldest first; null when the
     * log does not reach back to `seq`, or `seq` is ahead of it (another or a reset database).
     */
    async since(seq: number): Promise<HistoryChange[] | null> {
      if (!Number.isInteger(seq) || seq < 0 || seq > (await lastSeq())) return null;
      const rows = await db.all<SinceRow>(sinceSql, [seq]);
      // Read after the changes: a trim that took some of them is seen here.
      if (seq < (await trimmedThrough(db))) return null;
      return rows.map((row) => {
        const event: HistoryEvent =
          row.id === null
            ? { type: 'delete', id: row.change_entry }
            : { type: 'upsert', entry: toEntry(row) };
        return { seq: row.change_seq, event };
      });
    },
  };
}

export type ChangeLog = ReturnType<typeof changeLog>;
