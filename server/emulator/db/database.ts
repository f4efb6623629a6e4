import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { migrations } from './migrations';

export type EmulatorDb = Database.Database;

/** Long enough to ride out another connection's checkpoint, short enough to surface a real lock. */
const BUSY_TIMEOUT_MS = 5_000;

/** Runs every migration newer than `PRAGMA user_version`, each in its own transaction. */
export function migrate(db: EmulatorDb, list: readonly string[] = migrations): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > list.length) {
    throw new Error(
      `The emulator database is at schema version ${current}, newer than this code (${list.length}). ` +
        'Use a newer checkout or another EMULATOR_DATA_DIR.',
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

/** Opens (creating if needed) `${dataDir}/emulator.sqlite`, configured and migrated. */
export function openDatabase(dataDir: string): EmulatorDb {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, 'emulator.sqlite'));
  // WAL lets the job runner write while requests read, without "database is locked".
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  migrate(db);
  return db;
}
