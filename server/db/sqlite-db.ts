import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import {
  schemaTooNew,
  type Migrations,
  type SqlDb,
  type SqlExecutor,
  type SqlRunResult,
  type SqlValue,
} from './sql-db';

/** Long enough to ride out a checkpoint, short enough to surface a real lock. */
const busyTimeoutMs = 5_000;

export interface SqliteOptions {
  /** PRAGMAs set after opening, before migrating (`journal_mode = WAL`, …). */
  pragmas?: readonly string[];
  /** PRAGMAs set after migrating (`optimize`). */
  afterMigrate?: readonly string[];
}

/** better-sqlite3 binds booleans as neither 0 nor 1: the stores' flags are integers. */
const bindable = (params: readonly SqlValue[]) =>
  params.map((value) => (typeof value === 'boolean' ? (value ? 1 : 0) : value));

/**
 * A SQLite file through better-sqlite3. Every call is synchronous underneath and answers in
 * the same turn, so a transaction holds the one connection only while its work runs. Calls
 * from elsewhere wait for it: a write would otherwise land inside it, and a read would see what
 * it has not committed (and may still roll back).
 */
export function openSqliteDb(
  file: string,
  migrations: Migrations,
  options: SqliteOptions = {},
): SqlDb & { raw: Database.Database } {
  mkdirSync(dirname(file), { recursive: true });
  const raw = new Database(file);
  const statements = new Map<string, Database.Statement>();
  const prepare = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = raw.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };

  /**
   * Transactions queue here, one after another; a write outside them waits for the queue to
   * empty. `pending` counts the transactions queued or under way.
   */
  let queue: Promise<void> = Promise.resolve();
  let pending = 0;
  const idle = () => queue;
  /** Settles when the transaction open right now ends; null while none is. */
  let open: Promise<void> | null = null;
  const committed = async () => {
    while (open) await open;
  };

  const direct: SqlExecutor = {
    dialect: 'sqlite',
    all: async <T>(sql: string, params: readonly SqlValue[] = []) =>
      prepare(sql).all(...bindable(params)) as T[],
    get: async <T>(sql: string, params: readonly SqlValue[] = []) =>
      prepare(sql).get(...bindable(params)) as T | undefined,
    run: async (sql: string, params: readonly SqlValue[] = []): Promise<SqlRunResult> => ({
      changes: prepare(sql).run(...bindable(params)).changes,
    }),
  };

  try {
    for (const pragma of options.pragmas ?? []) raw.pragma(pragma);
    raw.pragma(`busy_timeout = ${busyTimeoutMs}`);
    migrateSqlite(raw, migrations);
    for (const pragma of options.afterMigrate ?? []) raw.pragma(pragma);
  } catch (error) {
    raw.close();
    throw error;
  }

  return {
    raw,
    dialect: 'sqlite',
    async all(sql, params) {
      await committed();
      return direct.all(sql, params);
    },
    async get(sql, params) {
      await committed();
      return direct.get(sql, params);
    },
    async run(sql, params) {
      while (pending > 0) await idle();
      return direct.run(sql, params);
    },
    async transaction(work) {
      const before = queue;
      let release!: () => void;
      queue = new Promise((resolve) => (release = resolve));
      pending += 1;
      try {
        await before;
        let ended!: () => void;
        open = new Promise((resolve) => (ended = resolve));
        try {
          raw.exec('BEGIN IMMEDIATE');
          const value = await work(direct);
          raw.exec('COMMIT');
          return value;
        } catch (error) {
          if (raw.inTransaction) raw.exec('ROLLBACK');
          throw error;
        } finally {
          open = null;
          ended();
        }
      } finally {
        pending -= 1;
        release();
      }
    },
    async ping() {
      raw.prepare('SELECT 1').get();
    },
    async close() {
      while (pending > 0) await idle();
      if (raw.open) raw.close();
    },
  };
}

/** Runs every migration newer than `PRAGMA user_version`, each in its own transaction. */
export function migrateSqlite(raw: Database.Database, migrations: Migrations): void {
  const list = migrations.sqlite;
  const found = raw.pragma('user_version', { simple: true }) as number;
  if (found > list.length) throw schemaTooNew(migrations.component, found, list.length, 'DATA_DIR');
  for (let version = found; version < list.length; version++) {
    raw.transaction(() => {
      raw.exec(list[version]!);
      // PRAGMA takes no bound parameters; version is our own integer.
      raw.pragma(`user_version = ${version + 1}`);
    })();
  }
}
