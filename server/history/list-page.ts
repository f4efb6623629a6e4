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
 * (PostgreSQL's trigram index serves a search there too). On SQLite, a text search starts from
 * the full-text index, in one of two ways by how many entries the words are in (see readMatches).
 */
/**
 * A LIMIT written into the statement rather than bound: PostgreSQL plans a bound LIMIT without
 * knowing it, and then counts a common word by a scan three times as slow.
 */
function limitOf(rows: number): string {
  if (!Number.isSafeInteger(rows) || rows < 0) throw new RangeError(`not a row count: ${rows}`);
  return `LIMIT ${rows}`;
}

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
  // Asked together: on PostgreSQL each goes on a connection of its own, and the answer waits
  // for the slower of the two instead of both.
  const [rows, count] = await Promise.all([
    // The page's ids first, then their rows: the filters are then checked on the index alone
    // (it holds the searched text), and only the page's own rows are read from the table.
    db.all<EntryRow>(
      `SELECT entries.* FROM (
         SELECT id AS hit_id, created_at AS hit_at FROM entries WHERE ${where}
         ORDER BY created_at DESC, id DESC ${limitOf(limit + 1)}
       ) AS page JOIN entries ON entries.id = page.hit_id
       ORDER BY page.hit_at DESC, page.hit_id DESC`,
      [...filter.params, ...(cursor?.params ?? [])],
    ),
    db.get<{ counted: number }>(
      `SELECT count(*) AS counted
       FROM (SELECT 1 FROM entries WHERE ${filter.where} ${limitOf(historyTotalCap + 1)}) AS matched`,
      filter.params,
    ),
  ]);
  return { rows, counted: count!.counted };
}

/**
 * Above this many full-text matches, a search walks the filters' index instead of looking up
 * each match: a lookup of an entry costs about 3 µs, a step of an index well under one.
 */
export const walkAboveMatches = 2_000;

/**
 * A search on SQLite. The full-text index gives the ids of the entries that hold the words,
 * cheaply (13,000 in 2 ms); reading each of those entries is what costs. So a search found in
 * few entries reads each of them once, for the page and the count; a common one walks the
 * index of the other filters in the list's order instead and only checks each id against the
 * matches (`+rowid` keeps SQLite from looking the matches up): the page stops after `limit`
 * and the count at the cap, long before the end.
 */
async function readMatches(
  db: SqlExecutor,
  match: string,
  filter: SqlFilter,
  cursor: SqlFilter | null,
  limit: number,
): Promise<PageRows> {
  const found = await db.get<{ found: number }>(
    `SELECT count(*) AS found
     FROM (SELECT 1 FROM entries_fts WHERE entries_fts MATCH ? ${limitOf(walkAboveMatches + 1)})`,
    [match],
  );
  const after = cursor?.where ?? '1';
  const walk = found!.found > walkAboveMatches;
  const matches = walk
    ? // The ids only; the filters are checked on their index, in the list's order.
      `hits AS MATERIALIZED (SELECT rowid AS hit FROM entries_fts WHERE entries_fts MATCH ?),
       page AS (
         SELECT rowid AS hit, created_at, id FROM entries
         WHERE ${filter.where} AND ${after} AND +rowid IN (SELECT hit FROM hits)
         ORDER BY created_at DESC, id DESC ${limitOf(limit + 1)}
       ),
       counted AS (
         SELECT count(*) AS counted FROM (
           SELECT 1 FROM entries WHERE ${filter.where} AND +rowid IN (SELECT hit FROM hits)
           ${limitOf(historyTotalCap + 1)}
         )
       )`
    : // Each match looked up once, with its time, for the page and the count.
      `hits AS MATERIALIZED (
         SELECT entries.rowid AS hit, entries.created_at AS created_at, entries.id AS id
         FROM entries_fts CROSS JOIN entries ON entries.rowid = entries_fts.rowid
         WHERE entries_fts MATCH ? AND ${filter.where}
       ),
       page AS (
         SELECT hit, created_at, id FROM hits WHERE ${after}
         ORDER BY created_at DESC, id DESC ${limitOf(limit + 1)}
       ),
       counted AS (SELECT count(*) AS counted FROM hits)`;
  // The outer LEFT JOINs keep one row even when the page is empty, so the count still comes
  // back; such a row has no entry (its id is null).
  const rows = await db.all<EntryRow & { counted: number }>(
    `WITH ${matches}
     SELECT counted, entries.*
     FROM counted LEFT JOIN page ON 1 LEFT JOIN entries ON entries.rowid = page.hit
     ORDER BY page.created_at DESC, page.id DESC`,
    [match, ...filter.params, ...(cursor?.params ?? []), ...(walk ? filter.params : [])],
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
