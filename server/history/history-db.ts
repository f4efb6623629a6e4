import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { historyMigrations } from './history-migrations';

export type HistoryDb = Database.Database;

/** Long enough to ride out a checkpoint, short enough to surface a real lock. */
const busyTimeoutMs = 5_000;

/** Runs every migration newer than `PRAGMA user_version`, each in its own transaction. */
export function migrateHistory(db: HistoryDb, list: readonly string[] = historyMigrations): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > list.length) {
    throw new Error(
      `The history database is at schema version ${current}, newer than this code (${list.length}). ` +
        'Use a newer checkout or another DATA_DIR.',
    );
  }
  for (let version = current; version < list.length; version++) {
    db.transaction(() => {
      db.exec(list[version]!);
      // PRAGMA takes no bound parameters; version is our own integer.
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
}

/** Opens (creating if needed) `${dataDir}/history.sqlite`, configured and migrated. */
export function openHistoryDb(dataDir: string): HistoryDb {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, 'history.sqlite'));
  try {
    // WAL: the poller writes while the list endpoint reads, without "database is locked".
    db.pragma('journal_mode = WAL');
    // A committed change survives a crash of the process (kill -9) with NORMAL under WAL.
    db.pragma('synchronous = NORMAL');
    db.pragma(`busy_timeout = ${busyTimeoutMs}`);
    // A search reads rows all over the file: mapped into memory, each read is no system call,
    // and 32 MiB of cache keeps the indexes a list query walks. Both halve a search of a
    // common word over 100,000 entries (bench history-list).
    db.pragma(`mmap_size = ${256 * 1024 * 1024}`);
    db.pragma(`cache_size = ${-32 * 1024}`);
    migrateHistory(db);
    // Lets the planner choose between the kind, status and time indexes from real figures:
    // analyses what has changed enough since the last run, bounded so that opening stays quick.
    db.pragma('optimize = 0x10002');
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
