import type { HistoryEntry, HistoryEvent } from '../../src/api/contract/history';
import type { HistoryDb } from './history-db';
import type { HistoryChange } from './types';

/** How many changes a stream can resume across; older readers start over from the list. */
export const keptChanges = 10_000;
/** Trim the log every so many appends, not on each. */
const trimEvery = 500;

/**
 * The numbered log of changes viewers should see, in the history's database: a stream resumes
 * from its Last-Event-ID across a dropped connection and across a restart of the gateway.
 */
export function changeLog(db: HistoryDb) {
  const listeners = new Set<(change: HistoryChange) => void>();
  const insert = db.prepare(
    "INSERT INTO changes (entry_id, type, at) VALUES (?, ?, strftime('%Y-%m-%dT%H:%M:%fZ'))",
  );
  const last = db.prepare<[], { seq: number | null }>('SELECT max(seq) AS seq FROM changes');
  // The sequence survives a trimmed-empty table: AUTOINCREMENT never reuses a number.
  const lastAssigned = db.prepare<[], { seq: number }>(
    "SELECT seq FROM sqlite_sequence WHERE name = 'changes'",
  );
  const trimmedThrough = db.prepare<[], { value: number }>(
    "SELECT value FROM meta WHERE key = 'trimmed_through'",
  );
  let appends = 0;

  const lastSeq = () => lastAssigned.get()?.seq ?? last.get()?.seq ?? 0;

  function trim() {
    const newest = lastSeq();
    const through = newest - keptChanges;
    if (through <= trimmedThrough.get()!.value) return;
    db.transaction(() => {
      db.prepare('DELETE FROM changes WHERE seq <= ?').run(through);
      db.prepare("UPDATE meta SET value = ? WHERE key = 'trimmed_through'").run(through);
    })();
  }

  return {
    lastSeq,
    trim,
    /** Inside the writer's transaction. */
    append(entryId: string, type: 'upsert' | 'delete'): number {
      const seq = Number(insert.run(entryId, type).lastInsertRowid);
      if (++appends % trimEvery === 0) trim();
      return seq;
    },
    /** After the commit: a listener that throws does not stop the others. */
    notify(change: HistoryChange) {
      for (const listener of listeners) {
        try {
          listener(change);
        } catch {
          // A broken viewer must not break the write or the other viewers.
        }
      }
    },
    subscribe(listener: (change: HistoryChange) => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    listenerCount: () => listeners.size,
    /**
     * One change per entry changed after `seq` (its latest state), oldest first; null when the
     * log does not reach back to `seq`, or `seq` is ahead of it (another or a reset database).
     */
    since(seq: number, read: (id: string) => HistoryEntry | null): HistoryChange[] | null {
      if (!Number.isInteger(seq) || seq < 0 || seq > lastSeq()) return null;
      if (seq < trimmedThrough.get()!.value) return null;
      const rows = db
        .prepare<[number], { seq: number; entry_id: string }>(
          `SELECT max(seq) AS seq, entry_id FROM changes WHERE seq > ?
           GROUP BY entry_id ORDER BY seq`,
        )
        .all(seq);
      return rows.map((row) => {
        const entry = read(row.entry_id);
        const event: HistoryEvent = entry
          ? { type: 'upsert', entry }
          : { type: 'delete', id: row.entry_id };
        return { seq: row.seq, event };
      });
    },
  };
}
