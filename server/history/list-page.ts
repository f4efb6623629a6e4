import {
  historyTotalCap,
  type HistoryKind,
  type HistoryPerson,
  type ParsedHistoryQuery,
} from '../../src/api/contract/history';
import type { SqlExecutor } from '../db/sql-db';
import type { EntryRow } from './entry-row';
import { afterCursor, filterSql, type SqlFilter } from './list-query';

export interface PageRows {
  /** Up to `limit + 1` rows in list order: one more than asked tells that a next page exists. */
  rows: EntryRow[];
  /** Matching entries of the whole filtered set, counted up to the cap (one over it means more). */
  counted: number;
}

/**
 * One page of a list query, with the count of the whole filtered set.
 *
 * Without a text search, the page and the count read the kind, status and time indexes
 * (PostgreSQL's trigram index serves a search there too). On SQLite, with a text search, both
 * start from the full-text index: every match is looked up once, kept with
 * its time, and the page and the count are taken from that one set. Reading the matches once
 * instead of twice halves the time of a common word over 100,000 entries.
 */
export async function readPage(db: SqlExecutor, query: ParsedHistoryQuery): Promise<PageRows> {
  const filter = filterSql(query, db.dialect);
  const cursor = afterCursor(query.cursor);
  return filter.match
    ? readMatches(db, filter.match, filter, cursor, query.limit)
    : readFiltered(db, filter, cursor, query.limit);
}

async function readFiltered(
  db: SqlExecutor,
  filter: SqlFilter,
  cursor: SqlFilter | null,
  limit: number,
): Promise<PageRows> {
  const where = cursor ? `${filter.where} AND ${cursor.where}` : filter.where;
  const rows = await db.all<EntryRow>(
    `SELECT * FROM entries WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ?`,
    [...filter.params, ...(cursor?.params ?? []), limit + 1],
  );
  const count = await db.get<{ counted: number }>(
    `SELECT count(*) AS counted FROM (SELECT 1 FROM entries WHERE ${filter.where} LIMIT ?) AS matched`,
    [...filter.params, historyTotalCap + 1],
  );
  return { rows, counted: count!.counted };
}

async function readMatches(
  db: SqlExecutor,
  match: string,
  filter: SqlFilter,
  cursor: SqlFilter | null,
  limit: number,
): Promise<PageRows> {
  // The outer LEFT JOINs keep one row even when the page is empty, so the count still comes
  // back; such a row has no entry (its id is null).
  const rows = await db.all<EntryRow & { counted: number }>(
    `WITH hits AS MATERIALIZED (
         SELECT entries.rowid AS hit, entries.created_at AS created_at, entries.id AS id
         FROM entries_fts CROSS JOIN entries ON entries.rowid = entries_fts.rowid
         WHERE entries_fts MATCH ? AND ${filter.where}
       ),
       page AS (
         SELECT hit, created_at, id FROM hits WHERE ${cursor?.where ?? '1'}
         ORDER BY created_at DESC, id DESC LIMIT ?
       )
       SELECT (SELECT count(*) FROM hits) AS counted, entries.*
       FROM (SELECT 1) LEFT JOIN page ON 1 LEFT JOIN entries ON entries.rowid = page.hit
       ORDER BY page.created_at DESC, page.id DESC`,
    [match, ...filter.params, ...(cursor?.params ?? []), limit + 1],
  );
  return {
    rows: rows.filter((row) => row.id !== null),
    counted: rows[0]?.counted ?? 0,
  };
}

/**
 * Everyone who started an entry, with the name of their newest one (a renamed person shows
 * under the new name), ordered by name. Reads the starter index: entries nobody started are
 * not in it.
 */
export async function readPeople(
  db: SqlExecutor,
  kinds: readonly HistoryKind[] = [],
): Promise<HistoryPerson[]> {
  const byKind = kinds.length > 0 ? `AND kind IN (${kinds.map(() => '?').join(', ')})` : '';
  const rows = await db.all<HistoryPerson>(
    db.dialect === 'sqlite'
      ? // SQLite takes the bare columns of a max() aggregate from the row that has the maximum.
        `SELECT started_by_id AS id, started_by_name AS name, max(created_at) AS newest
         FROM entries WHERE started_by_id IS NOT NULL ${byKind}
         GROUP BY started_by_id`
      : `SELECT DISTINCT ON (started_by_id) started_by_id AS id, started_by_name AS name
         FROM entries WHERE started_by_id IS NOT NULL ${byKind}
         ORDER BY started_by_id, created_at DESC`,
    kinds,
  );
  return rows
    .map(({ id, name }) => ({ id, name: name || id }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}
