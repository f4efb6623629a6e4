import type { HistoryEvent } from '../../src/api/contract/history';
import type { SqlExecutor } from '../db/sql-db';
import { toEntry, type EntryRow } from './entry-row';
import type { HistoryChange } from './types';

/** How many changes a stream can resume across; older readers start over from the list. */
export const keptChanges = 10_000;
/** Trim the log every so many appends, not on each. */
const trimEvery = 500;

// The sequence survives a trimmed-empty table: AUTOINCREMENT never reuses a number.
const lastSeqSql = `SELECT coalesce(
    (SELECT seq FROM sqlite_sequence WHERE name = 'changes'),
    (SELECT max(seq) FROM changes),
    0) AS seq`;
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
    (await on.get<{ seq: number }>(lastSeqSql))?.seq ?? 0;
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
    /** Inside the writer's transaction: numbers the change. */
    async append(tx: SqlExecutor, entryId: string, type: 'upsert' | 'delete'): Promise<number> {
      const row = await tx.get<{ seq: number }>(
        'INSERT INTO changes (entry_id, type, at) VALUES (?, ?, ?) RETURNING seq',
        [entryId, type, new Date().toISOString()],
      );
      if (++appends % trimEvery === 0) await trim(tx);
      return row!.seq;
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
