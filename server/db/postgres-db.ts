import { lockKeys } from './lock-keys';
import pg from 'pg';
import {
  schemaTooNew,
  type Migrations,
  type SqlDb,
  type SqlExecutor,
  type SqlValue,
} from './sql-db';

/**
 * Taken around every migration, by every component: replicas starting at the same moment on
 * an empty database apply each migration once, in order, and the others wait and find it done.
 */
const migrationLockKey = lockKeys.migrations;

/** Counts (count(*), bigserial) come back as numbers, as SQLite returns them. */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC) return Number;
    return pg.types.getTypeParser(oid, format);
  },
};

/** `?` placeholders (outside quoted text) become PostgreSQL's `$1`, `$2`, … */
export function numberPlaceholders(sql: string): string {
  let n = 0;
  let out = '';
  let quote: string | null = null;
  for (const ch of sql) {
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
    } else if (ch === '?') {
      out += `$${++n}`;
      continue;
    }
    out += ch;
  }
  return out;
}

const bindable = (params: readonly SqlValue[]) =>
  params.map((value) =>
    typeof value === 'boolean'
      ? value
        ? 1
        : 0
      : value instanceof Uint8Array && !Buffer.isBuffer(value)
        ? Buffer.from(value.buffer, value.byteOffset, value.byteLength)
        : value,
  );

/** A schema name of our own choosing: lower-case letters, digits and underscores only. */
function schemaName(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`not a schema name: ${name}`);
  return name;
}
const quoteIdent = (name: string) => `"${schemaName(name)}"`;

export interface PostgresOptions {
  /** The component's schema: its tables live there, apart from the other components'. */
  schema: string;
  /** Connections in the pool. */
  max?: number;
  /** Shown in pg_stat_activity. */
  applicationName?: string;
  onError?: (error: Error) => void;
}

/** Connection settings shared by the pool and the dedicated connections (listener, lead). */
export function clientConfig(url: string, schema: string, applicationName = 'media-studio') {
  return {
    connectionString: url,
    application_name: applicationName,
    options: `-c search_path=${schemaName(schema)},public`,
    // A connection that died silently (a dropped NAT entry, a lost machine) is noticed.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    connectionTimeoutMillis: 10_000,
    types,
  } satisfies pg.ClientConfig;
}

function executor(client: pg.Pool | pg.PoolClient): SqlExecutor {
  const query = async <T>(sql: string, params: readonly SqlValue[] = []) =>
    client.query(numberPlaceholders(sql), bindable(params)) as unknown as Promise<
      pg.QueryResult<T & pg.QueryResultRow>
    >;
  return {
    dialect: 'postgres',
    all: async <T>(sql: string, params?: readonly SqlValue[]) => (await query<T>(sql, params)).rows,
    get: async <T>(sql: string, params?: readonly SqlValue[]) =>
      (await query<T>(sql, params)).rows[0],
    run: async (sql: string, params?: readonly SqlValue[]) => ({
      changes: (await query(sql, params)).rowCount ?? 0,
    }),
  };
}

/**
 * A PostgreSQL database through node-postgres: a pool of connections whose search path is the
 * component's schema, migrated under an advisory lock before the first query.
 */
export async function openPostgresDb(
  url: string,
  migrations: Migrations,
  options: PostgresOptions,
): Promise<SqlDb & { pool: pg.Pool }> {
  const pool = new pg.Pool({
    ...clientConfig(url, options.schema, options.applicationName),
    max: options.max ?? 10,
    idleTimeoutMillis: 30_000,
  });
  // An idle connection that breaks is dropped by the pool; without a listener it would crash
  // the process.
  pool.on('error', (error) => options.onError?.(error));
  try {
    await migratePostgres(pool, options.schema, migrations);
  } catch (error) {
    await pool.end();
    throw error;
  }
  const direct = executor(pool);
  return {
    pool,
    ...direct,
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const value = await work(executor(client));
        await client.query('COMMIT');
        return value;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async ping() {
      await pool.query('SELECT 1');
    },
    async close() {
      await pool.end();
    },
  };
}

/**
 * Runs the migrations newer than the schema's recorded version, each in its own transaction
 * under the migration lock (re-reading the version once the lock is held).
 */
export async function migratePostgres(
  pool: pg.Pool,
  schema: string,
  migrations: Migrations,
): Promise<void> {
  const list = migrations.postgres;
  const client = await pool.connect();
  try {
    for (;;) {
      await client.query('BEGIN');
      try {
        await client.query('SELECT pg_advisory_xact_lock($1)', [migrationLockKey]);
        await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)}`);
        await client.query(
          `CREATE TABLE IF NOT EXISTS ${quoteIdent(schema)}.schema_version (
             component TEXT PRIMARY KEY, version INTEGER NOT NULL)`,
        );
        const { rows } = await client.query<{ version: number }>(
          `SELECT version FROM ${quoteIdent(schema)}.schema_version WHERE component = $1`,
          [migrations.component],
        );
        const found = rows[0]?.version ?? 0;
        if (found > list.length)
          throw schemaTooNew(migrations.component, found, list.length, 'DATABASE_URL');
        if (found === list.length) {
          await client.query('COMMIT');
          return;
        }
        await client.query(list[found]!);
        await client.query(
          `INSERT INTO ${quoteIdent(schema)}.schema_version (component, version) VALUES ($1, $2)
           ON CONFLICT (component) DO UPDATE SET version = excluded.version`,
          [migrations.component, found + 1],
        );
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    }
  } finally {
    client.release();
  }
}

/** Whether every migration of the component has run (the readiness check). */
export async function isMigrated(db: SqlExecutor, migrations: Migrations): Promise<boolean> {
  const row = await db.get<{ version: number }>(
    'SELECT version FROM schema_version WHERE component = ?',
    [migrations.component],
  );
  return row?.version === migrations.postgres.length;
}
