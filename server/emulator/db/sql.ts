import type { Statement } from 'better-sqlite3';
import type { EmulatorDb } from './database';

export type SqlValue = string | number | bigint | null;

const preparedByDb = new WeakMap<EmulatorDb, Map<string, Statement<unknown[], unknown>>>();

/**
 * `db.prepare(sql)`, compiled once per database and SQL text. better-sqlite3 keeps no cache of
 * its own, and compiling a statement costs more than running a lookup by key: on a status
 * poll it was the largest single cost. Statements are shared, so callers must not switch
 * their modes (`pluck`, `raw`, `expand`) or leave an `iterate` open; use `db.prepare` for that.
 */
export function statement<P extends unknown[] | object = unknown[], R = unknown>(
  db: EmulatorDb,
  sql: string,
): P extends unknown[] ? Statement<P, R> : Statement<[P], R> {
  let cache = preparedByDb.get(db);
  if (!cache) preparedByDb.set(db, (cache = new Map()));
  let prepared = cache.get(sql);
  if (!prepared) cache.set(sql, (prepared = db.prepare(sql)));
  return prepared as P extends unknown[] ? Statement<P, R> : Statement<[P], R>;
}

/**
 * `UPDATE table SET a = @a, b = @b WHERE key = @key` from a partial record. Column names come
 * from typed repository code, never from a request, so building them into SQL is safe.
 * Returns whether a row matched.
 */
export function updateColumns(
  db: EmulatorDb,
  table: string,
  where: Record<string, SqlValue>,
  patch: Record<string, SqlValue | undefined>,
): boolean {
  const set = Object.entries(patch).filter(([, value]) => value !== undefined);
  if (set.length === 0) return false;
  const assignments = set.map(([column]) => `${column} = @set_${column}`).join(', ');
  const conditions = Object.keys(where)
    .map((column) => `${column} = @where_${column}`)
    .join(' AND ');
  const params: Record<string, SqlValue> = {};
  for (const [column, value] of set) params[`set_${column}`] = value ?? null;
  for (const [column, value] of Object.entries(where)) params[`where_${column}`] = value;
  return (
    statement(db, `UPDATE ${table} SET ${assignments} WHERE ${conditions}`).run(params).changes > 0
  );
}

/** JSON column helpers: `undefined` stays "leave unchanged" in patches, `null` clears. */
export function toJson(value: unknown): string | null | undefined {
  if (value === undefined) return undefined;
  return value === null ? null : JSON.stringify(value);
}

export function fromJson<T>(text: string | null): T | null {
  return text === null ? null : (JSON.parse(text) as T);
}
