import { join } from 'node:path';
import type Database from 'better-sqlite3';
import type { SqlDb } from '../db/sql-db';
import type { Storage } from '../db/storage';
import { openPostgresDb } from '../db/postgres-db';
import { migrateSqlite, openSqliteDb } from '../db/sqlite-db';
import { historyMigrationSet, historyMigrations } from './history-migrations';

/**
 * - WAL: the poller writes while the list endpoint reads, without "database is locked".
 * - A committed change survives a crash of the process (kill -9) with NORMAL under WAL.
 * - A search reads rows all over the file: mapped into memory, each read is no system call,
 *   and 32 MiB of cache keeps the indexes a list query walks. Both halve a search of a common
 *   word over 100,000 entries (bench history-list).
 */
const sqlitePragmas = [
  'journal_mode = WAL',
  'synchronous = NORMAL',
  `mmap_size = ${256 * 1024 * 1024}`,
  `cache_size = ${-32 * 1024}`,
];
/**
 * Lets the planner choose between the kind, status and time indexes from real figures:
 * analyses what has changed enough since the last run, bounded so that opening stays quick.
 */
const sqliteAfterMigrate = ['optimize = 0x10002'];

/** Runs every SQLite migration newer than `PRAGMA user_version`, each in its own transaction. */
export function migrateHistory(
  raw: Database.Database,
  list: readonly string[] = historyMigrations,
): void {
  migrateSqlite(raw, { ...historyMigrationSet, sqlite: list });
}

/** Opens (creating if needed) `${dataDir}/history.sqlite`, configured and migrated. */
export function openHistorySqlite(dataDir: string): SqlDb & { raw: Database.Database } {
  return openSqliteDb(join(dataDir, 'history.sqlite'), historyMigrationSet, {
    pragmas: sqlitePragmas,
    afterMigrate: sqliteAfterMigrate,
  });
}

/** The history's schema on PostgreSQL: its tables apart from the other components'. */
export const historySchema = 'media_history';
/** Connections of one replica's pool: the poller's writes, the lists, the streams' replays. */
const poolSize = 10;

/** Opens the history in the PostgreSQL database at `url`, migrated. */
export function openHistoryPostgres(
  url: string,
  options: { onError?: (error: Error) => void } = {},
): Promise<SqlDb> {
  return openPostgresDb(url, historyMigrationSet, {
    schema: historySchema,
    max: poolSize,
    applicationName: 'media-studio-history',
    ...(options.onError && { onError: options.onError }),
  });
}

/** The history's database where the gateway keeps its state (server/db/storage.ts). */
export async function openHistoryDatabase(
  storage: Storage,
  options: { onError?: (error: Error) => void } = {},
): Promise<SqlDb> {
  return storage.engine === 'sqlite'
    ? openHistorySqlite(storage.dataDir)
    : openHistoryPostgres(storage.url, options);
}
