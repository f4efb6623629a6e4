import { isMigrated } from '../db/postgres-db';
import type { Migrations, SqlDb } from '../db/sql-db';

export interface ReadinessResult {
  ready: boolean;
  /** Sent to whoever asks (the probes need no sign-in): a few words, no address, no error text. */
  reason?: string;
  /** For the gateway's log only: the error behind `reason`. */
  detail?: string;
}

/** Whether this replica can serve: its databases answer and hold the schema this code expects. */
export type Readiness = () => Promise<ReadinessResult>;

export interface CheckedDb {
  /** How the reason names it: `history`, `access`. */
  name: string;
  db: SqlDb;
  migrations: Migrations;
}

/** SQLite counts its migrations in `user_version`, PostgreSQL in the schema's own table. */
async function migrated({ db, migrations }: CheckedDb): Promise<boolean> {
  if (db.dialect === 'postgres') return isMigrated(db, migrations);
  const row = await db.get<{ user_version: number }>('PRAGMA user_version');
  return row?.user_version === migrations.sqlite.length;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Ready when every database answers and is migrated; otherwise the first one that is not. */
export function databaseReadiness(databases: readonly CheckedDb[]): Readiness {
  return async () => {
    for (const checked of databases) {
      try {
        await checked.db.ping();
      } catch (error) {
        return {
          ready: false,
          reason: `the ${checked.name} database does not answer`,
          detail: message(error),
        };
      }
      let current: boolean;
      try {
        current = await migrated(checked);
      } catch (error) {
        return {
          ready: false,
          reason: `the ${checked.name} database is not migrated`,
          detail: message(error),
        };
      }
      if (!current) return { ready: false, reason: `the ${checked.name} database is not migrated` };
    }
    return { ready: true };
  };
}
