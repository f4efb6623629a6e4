import type { ParsedHistoryQuery } from '../../src/api/contract/history';
import type { Dialect, SqlValue } from '../db/sql-db';

/** A `cursor` this server did not issue, or one that was altered. */
export class HistoryQueryError extends Error {}

interface CursorPosition {
  created_at: string;
  id: string;
}

/** Opaque to clients: where the last page ended, in the list's order. */
export function encodeCursor(position: CursorPosition): string {
  return Buffer.from(JSON.stringify([position.created_at, position.id])).toString('base64url');
}

export function decodeCursor(cursor: string): CursorPosition {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'string'
    ) {
      return { created_at: value[0], id: value[1] };
    }
  } catch {
    // Falls through to the error below.
  }
  throw new HistoryQueryError('cursor is not one this server issued: pass next_cursor as it came');
}

/** Shorter queries have no trigram to look up: they are matched row by row instead. */
const minTrigramQuery = 3;

/** A phrase FTS5 takes literally: double quotes inside are doubled, nothing else is special. */
const ftsPhrase = (q: string) => `"${q.replaceAll('"', '""')}"`;
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface SqlFilter {
  where: string;
  params: SqlValue[];
}

/** Entries whose searched text (lower-cased) holds `q`, tested on each row or index entry. */
export function textContains(q: string): SqlFilter {
  return { where: "search_text LIKE ? ESCAPE '\\'", params: [likePattern(q.toLowerCase())] };
}

/** A list query's filters; `match` is the full-text phrase when the search uses the index. */
export interface ListFilter extends SqlFilter {
  match: string | null;
}

/**
 * The WHERE clause of a list query, without its cursor (the total counts the whole set). On
 * SQLite, a search of three characters or more is not part of it: it comes back as `match`,
 * for a query that starts from the full-text index (FTS5). PostgreSQL has no FTS5: a search
 * of three characters or more is a LIKE, which its trigram index serves; a shorter one is a
 * plain substring test on each row the other filters leave.
 */
export function filterSql(query: ParsedHistoryQuery, dialect: Dialect = 'sqlite'): ListFilter {
  const clauses: string[] = [];
  const params: SqlValue[] = [];
  if (query.kind && query.kind.length > 0) {
    clauses.push(`kind IN (${query.kind.map(() => '?').join(', ')})`);
    params.push(...query.kind);
  }
  if (query.status && query.status.length > 0) {
    clauses.push(`status IN (${query.status.map(() => '?').join(', ')})`);
    params.push(...query.status);
  }
  if (query.source) {
    clauses.push('source = ?');
    params.push(query.source);
  }
  if (query.started_by) {
    clauses.push('started_by_id = ?');
    params.push(query.started_by);
  }
  if (query.created_after) {
    clauses.push('created_at >= ?');
    params.push(new Date(query.created_after).toISOString());
  }
  if (query.created_before) {
    clauses.push('created_at < ?');
    params.push(new Date(query.created_before).toISOString());
  }
  const q = query.q?.toLowerCase();
  let match: string | null = null;
  if (q) {
    const trigrams = [...q].length >= minTrigramQuery;
    if (dialect === 'sqlite' && trigrams) {
      match = ftsPhrase(q);
    } else if (dialect === 'postgres' && !trigrams) {
      // Not a LIKE: PostgreSQL would answer it from the trigram index, which holds nothing for
      // fewer than three characters and is then read whole (70 ms over 100,000 entries).
      clauses.push('strpos(search_text, ?) > 0');
      params.push(q);
    } else {
      const text = textContains(q);
      clauses.push(text.where);
      params.push(...text.params);
    }
  }
  return { where: clauses.length > 0 ? clauses.join(' AND ') : 'TRUE', params, match };
}

/** The cursor's condition: strictly after the last row of the previous page, newest first. */
export function afterCursor(cursor: string | undefined): SqlFilter | null {
  if (!cursor) return null;
  const at = decodeCursor(cursor);
  return {
    where: '(created_at < ? OR (created_at = ? AND id < ?))',
    params: [at.created_at, at.created_at, at.id],
  };
}
