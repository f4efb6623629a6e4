import type { EmulatorDb } from './database';

export type SqlValue = string | number | bigint | null;

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
    db.prepare(`UPDATE ${table} SET ${assignments} WHERE ${conditions}`).run(params).changes > 0
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
