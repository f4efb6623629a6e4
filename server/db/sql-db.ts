/**
 * The gateway's one storage interface: SQL run the same way on SQLite (the one-machine default,
 * a file in DATA_DIR) and on PostgreSQL (DATABASE_URL, shared by every replica). The stores
 * above it write their SQL once, with `?` placeholders and the types both engines share: text
 * for timestamps (ISO 8601 UTC, so text order is time order) and JSON, integers for flags.
 * Where the engines differ (full-text search, the change log's numbering), a store asks
 * `dialect`.
 */
export type Dialect = 'sqlite' | 'postgres';

export type SqlValue = string | number | bigint | boolean | null | Uint8Array;

export interface SqlRunResult {
  /** Rows inserted, updated or deleted. */
  changes: number;
}

/** Queries on a database, or inside one of its transactions. */
export interface SqlExecutor {
  readonly dialect: Dialect;
  all<T>(sql: string, params?: readonly SqlValue[]): Promise<T[]>;
  get<T>(sql: string, params?: readonly SqlValue[]): Promise<T | undefined>;
  run(sql: string, params?: readonly SqlValue[]): Promise<SqlRunResult>;
}

export interface SqlDb extends SqlExecutor {
  /**
   * Runs `work` in one transaction: committed when it resolves, rolled back when it throws.
   * Only `tx` may be used inside it (the database itself would wait for the transaction on
   * SQLite, and run outside it on PostgreSQL); transactions do not nest.
   */
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /** Whether the database answers (the readiness check). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** A component's migrations: the SQL of each version, for each engine, applied in order. */
export interface Migrations {
  /** Names the component in errors and in PostgreSQL's migration table. */
  component: string;
  sqlite: readonly string[];
  postgres: readonly string[];
}

/** Thrown when a database holds a newer schema than this code knows. */
export class SchemaTooNewError extends Error {}

export function schemaTooNew(component: string, found: number, known: number, where: string) {
  return new SchemaTooNewError(
    `The ${component} database is at schema version ${found}, newer than this code (${known}). ` +
      `Use a newer checkout or another ${where}.`,
  );
}
