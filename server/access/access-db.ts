import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { accessMigrations } from './access-migrations';

/** The gateway's users, sessions, tokens and OIDC sign-ins in progress (`access.sqlite`). */
export type AccessDb = Database.Database;

/** Long enough to ride out a checkpoint, short enough to surface a real lock. */
const busyTimeoutMs = 5_000;

/** Runs every migration newer than `PRAGMA user_version`, each in its own transaction. */
export function migrateAccess(db: AccessDb, list: readonly string[] = accessMigrations): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > list.length) {
    throw new Error(
      `The access database is at schema version ${current}, newer than this code (${list.length}). ` +
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

/**
 * Opens (creating if needed) `${dataDir}/access.sqlite`, configured and migrated. A file of its
 * own, apart from the history: it can be backed up, or wiped to sign everyone out, alone.
 */
export function openAccessDb(dataDir: string): AccessDb {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, 'access.sqlite'));
  try {
    // WAL: every request reads a session while sign-ins write, without "database is locked".
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma(`busy_timeout = ${busyTimeoutMs}`);
    // Revoking a user's rows follows the REFERENCES clauses.
    db.pragma('foreign_keys = ON');
    migrateAccess(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
