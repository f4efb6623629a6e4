import { join } from 'node:path';
import type { SqlDb } from '../db/sql-db';
import { openPostgresDb } from '../db/postgres-db';
import { openSqliteDb } from '../db/sqlite-db';
import type { Storage } from '../db/storage';
import { accessMigrations } from './access-migrations';

/** The gateway's users, sessions, tokens, sign-ins in progress and failed sign-ins. */
export type AccessDb = SqlDb;

/** The access component's own schema in a shared PostgreSQL database. */
export const accessSchema = 'media_access';

/**
 * Opens (creating if needed) and migrates the access database: `${dataDir}/access.sqlite`, a
 * file of its own apart from the history, so it can be backed up, or wiped to sign everyone
 * out, alone; or the `media_access` schema of the PostgreSQL database every replica shares.
 */
export async function openAccessDatabase(storage: Storage): Promise<AccessDb> {
  if (storage.engine === 'postgres')
    // A few connections are plenty: each request asks one short question (its session).
    return openPostgresDb(storage.url, accessMigrations, {
      schema: accessSchema,
      max: 5,
      applicationName: 'media-studio access',
    });
  return openSqliteDb(join(storage.dataDir, 'access.sqlite'), accessMigrations, {
    pragmas: [
      // WAL: every request reads a session while sign-ins write, without "database is locked".
      'journal_mode = WAL',
      'synchronous = NORMAL',
      // Revoking a user's rows follows the REFERENCES clauses.
      'foreign_keys = ON',
    ],
  });
}
