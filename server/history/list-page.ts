import {
  historyTotalCap,
  type HistoryKind,
  type HistoryPerson,
  type ParsedHistoryQuery,
} from '../../src/api/contract/history';
import type { SqlExecutor } from '../db/sql-db';
import type { EntryRow } from './entry-row';
import { lastSeqSql } from './change-log';
import { afterCursor, filterSql, textContains, type SqlFilter } from './list-query';

export interface PageRows {
  /** Up to `limit + 1` rows in list order: one more than asked tells that a next page exists. */
  rows: EntryRow[];
  /** Matching entries of the whole filtered set, counted up to the cap (one over it means more). */
  counted: number;
  /**
   * The newest change when the page was read, from the same statement: a change committed
   * after it is either in the page or replayed by a stream that resumes from it.
   */
  seq: number;
}

/**
 * A LIMIT written into the statement rather than bound: PostgreSQL plans a bound LIMIT without
 * knowing it, and then counts a common word by a scan three times as slow.
 */
function limitOf(rows: number): string {
  if (!Number.isSafeInteger(rows) || rows < 0) throw new RangeError(`not a row count: ${rows}`);
  return `LIMIT ${rows}`;
}

/**
 * One page of a list query, with the count of the whole filtered set and the change number,
 * in one statement: one round trip to PostgreSQL, one snapshot for all three.
 *
 * Without a text search, the page and the count read the kind, status and time indexes, which
 * hold the searched text (PostgreSQL's trigram index serves a search there too). On SQLite, a
 * text search starts from the full-text index, in one of three ways (see readMatches).
 */
export async function readPage(db: SqlExecutor, query: ParsedHistoryQuery): Promise<PageRows> {
  const filter = filterSql(query, db.dialect);
  const cursor = afterCursor(query.cursor);
  return filter.match
    ? readMatches(db, filter.match, filter, cursor, query)
    : readFiltered(db, filter, cursor, query);
}

type PageRow = EntryRow & { page_counted: number; page_seq: number };

/**
 * The statement's rows as a page. The outer LEFT JOINs keep one row even when the page is
 * empty, so the count and the number still come back; such a row has no entry (its id is null).
 */
function pageOf(rows: PageRow[]): PageRows {
  return {
    rows: rows.filter((row) => row.id !== null),
    counted: Number(rows[0]?.page_counted ?? 0),
    seq: Number(rows[0]?.page_seq ?? 0),
  };
}

/** What a page's `hit` holds: SQLite's rowid is the table's own key, PostgreSQL has the id. */
const entryKey = (db: SqlExecutor) => (db.dialect === 'sqlite' ? 'rowid' : 'id');

/** Reads `page` (hit, created_at, id) and `counted` from `ctes` with every entry of the page. */
const pageStatement = (db: SqlExecutor, ctes: string) =>
  `WITH ${ctes}
   SELECT (${lastSeqSql[db.dialect]}) AS page_seq, counted.counted AS page_counted, entries.*
   FROM counted LEFT JOIN page ON TRUE
     LEFT JOIN entries ON entries.${entryKey(db)} = page.hit
   ORDER BY page.created_at DESC, page.id DESC`;

/**
 * Whether the count walks the filtered set in the list's order. PostgreSQL, left free, counts
 * a common word without kind or status by reading the table until the cap (5 ms at 100,000
 * entries); in order it reads the time index, which holds the text (1.5 ms). With kinds or
 * statuses it is best left free: in order, two kinds would be read from the status index and
 * the table, not from their own index alone. SQLite picks its covering indexes unasked.
 */
function countInOrder(db: SqlExecutor, query: ParsedHistoryQuery): boolean {
  return db.dialect === 'postgres' && !query.kind?.length && !query.status?.length;
}

async function readFiltered(
  db: SqlExecutor,
  filter: SqlFilter,
  cursor: SqlFilter | null,
  query: ParsedHistoryQuery,
): Promise<PageRows> {
  const { limit } = query;
  const inOrder = countInOrder(db, query);
  const where = cursor ? `${filter.where} AND ${cursor.where}` : filter.where;
  // The page's ids first, then their rows: the filters are then checked on the index alone
  // (it holds the searched text), and only the page's own rows are read from the table.
  const rows = await db.all<PageRow>(
    pageStatement(
      db,
      `page AS (
         SELECT ${entryKey(db)} AS hit, created_at, id FROM entries WHERE ${where}
         ORDER BY created_at DESC, id DESC ${limitOf(limit + 1)}
       ),
       counted AS (
         SELECT count(*) AS counted FROM (
           SELECT 1 FROM entries WHERE ${filter.where}
           ${inOrder ? 'ORDER BY created_at DESC, id DESC' : ''}
           ${limitOf(historyTotalCap + 1)}
         ) AS matched
       )`,
    ),
    [...filter.params, ...(cursor?.params ?? []), ...filter.params],
  );
  return pageOf(rows);
}

/**
 * Above this many full-text matches, a search walks the filters' index instead of looking up
 * each match: a lookup of an entry costs about 3 µs, a step of an index well under one.
 */
export const walkAboveMatches = 2_000;

/**
 * Whether the filters are read from an index that also holds the searched text (kind with
 * status, or the time alone): a walk then tests the text on the index, without the table.
 */
function textOnIndex(query: ParsedHistoryQuery): boolean {
  if (query.source || query.started_by) return false;
  return Boolean(query.kind?.length) === Boolean(query.status?.length);
}

/**
 * A search on SQLite. The full-text index tells cheaply how many entries hold the words; what
 * costs is reading entries. So:
 * - a search found in few entries looks each of them up once, for the page and the count;
 * - a common one walks an index of the other filters in the list's order and stops after
 *   the page and at the count's cap, long before the end. Where that index holds the searched
 *   text (kind with status, or time), the walk tests the text there (a LIKE, well under a
 *   microsecond a step); elsewhere it checks each id against the full-text matches (`+rowid`
 *   keeps SQLite from looking the matches up).
 */
async function readMatches(
  db: SqlExecutor,
  match: string,
  filter: SqlFilter,
  cursor: SqlFilter | null,
  query: ParsedHistoryQuery,
): Promise<PageRows> {
  const { limit } = query;
  const found = await db.get<{ found: number }>(
    `SELECT count(*) AS found
     FROM (SELECT 1 FROM entries_fts WHERE entries_fts MATCH ? ${limitOf(walkAboveMatches + 1)})`,
    [match],
  );
  const walk = found!.found > walkAboveMatches;
  if (walk && textOnIndex(query)) {
    const text = textContains(query.q!);
    return readFiltered(
      db,
      { where: `${filter.where} AND ${text.where}`, params: [...filter.params, ...text.params] },
      cursor,
      query,
    );
  }
  const after = cursor?.where ?? 'TRUE';
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
  const rows = await db.all<PageRow>(pageStatement(db, matches), [
    match,
    ...filter.params,
    ...(cursor?.params ?? []),
    ...(walk ? filter.params : []),
  ]);
  return pageOf(rows);
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
