import pg from 'pg';
import { isSettledHistoryStatus } from '../../src/api/contract/history';
import { compactReadings, searchText } from '../../server/history/entry-row';
import { historySchema, openHistoryPostgres } from '../../server/history/history-db';
import { emptySeedReport, seededEntries, type SeedOptions, type SeedReport } from './history-seed';

/** Rows per INSERT: large enough that 100,000 entries take seconds, small enough for memory. */
const batchSize = 5_000;

const json = (value: unknown) =>
  value === null || value === undefined ? null : JSON.stringify(value);

/** Column order of entryColumns; each row is one array of text, cast by the INSERT. */
const entryColumns = [
  ['id', 'text'],
  ['kind', 'text'],
  ['name', 'text'],
  ['params_json', 'text'],
  ['created_at', 'text'],
  ['updated_at', 'text'],
  ['status', 'text'],
  ['settled', 'int4'],
  ['latest_json', 'text'],
  ['result_json', 'text'],
  ['cost', 'float8'],
  ['error_json', 'text'],
  ['source', 'text'],
  ['reading_count', 'int4'],
  ['readings_json', 'text'],
  ['last_change_at', 'text'],
  ['search_text', 'text'],
] as const;
const readingColumns = [
  ['entry_id', 'text'],
  ['n', 'int4'],
  ['at', 'text'],
  ['status', 'text'],
  ['progress', 'float8'],
  ['current_step', 'int8'],
] as const;

/** `INSERT … SELECT FROM unnest($1::text[], $2::int4[], …)`: one parameter per column. */
const bulkInsert = (table: string, columns: readonly (readonly [string, string])[]) =>
  `INSERT INTO ${historySchema}.${table} (${columns.map(([name]) => name).join(', ')})
   SELECT * FROM unnest(${columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ')})`;

/**
 * The same history as seedHistory (seededEntries, same seed), written straight into
 * `media_history` of a PostgreSQL database the gateway's migrations have made: the rows the
 * store's importEntry writes, in batches of unnest INSERTs, then VACUUM ANALYZE, as autovacuum
 * does within a minute of a bulk insert (it marks the pages all-visible, so an index that holds
 * what a query reads answers alone). No change log is written: no stream replays a seeded entry.
 */
export async function seedHistoryPostgres(url: string, options: SeedOptions): Promise<SeedReport> {
  const started = performance.now();
  const report = emptySeedReport();
  // Migrated as the gateway migrates it (and closed again: the gateway opens its own).
  await (await openHistoryPostgres(url)).close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    let entries: unknown[][] = entryColumns.map(() => []);
    let readings: unknown[][] = readingColumns.map(() => []);
    const flush = async () => {
      if (entries[0]!.length === 0) return;
      await client.query(bulkInsert('entries', entryColumns), entries);
      await client.query(bulkInsert('readings', readingColumns), readings);
      report.count += entries[0]!.length;
      entries = entryColumns.map(() => []);
      readings = readingColumns.map(() => []);
    };
    await client.query('BEGIN');
    for (const { entry, source } of seededEntries(options, report)) {
      const values = [
        entry.id,
        entry.kind,
        entry.name,
        JSON.stringify(entry.params),
        entry.created_at,
        entry.created_at,
        entry.status,
        isSettledHistoryStatus(entry.kind, entry.status) ? 1 : 0,
        json(entry.latest),
        json(entry.result),
        entry.cost,
        json(entry.error),
        source,
        entry.readings.length,
        JSON.stringify(compactReadings(entry.readings)),
        entry.readings.at(-1)?.at ?? entry.created_at,
        searchText(entry.id, entry.kind, entry.name, entry.params),
      ];
      values.forEach((value, i) => entries[i]!.push(value));
      entry.readings.forEach((r, n) => {
        const row = [entry.id, n, r.at, r.status, r.progress ?? null, r.current_step ?? null];
        row.forEach((value, i) => readings[i]!.push(value));
      });
      if (entries[0]!.length >= batchSize) await flush();
    }
    await flush();
    // The bench's server commits asynchronously (synchronous_commit=off, for the tests' speed).
    // VACUUM cannot mark a page all-visible while its rows' commit is not flushed, and then
    // every index-only scan reads the table too, as no running server would after its
    // autovacuum. This one commit waits for its flush, as on a server with the default.
    await client.query('SET LOCAL synchronous_commit = on');
    await client.query('COMMIT');
    await client.query(`VACUUM ANALYZE ${historySchema}.entries`);
    await client.query(`VACUUM ANALYZE ${historySchema}.readings`);
    const { rows } = await client.query<{ pages: number; visible: number }>(
      `SELECT relpages AS pages, relallvisible AS visible FROM pg_class
       WHERE oid = '${historySchema}.entries'::regclass`,
    );
    const map = rows[0]!;
    if (map.visible < map.pages * 0.99)
      throw new Error(
        `VACUUM left ${map.visible} of ${map.pages} pages of entries all-visible: the list would be measured reading the table`,
      );
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
  report.ms = Math.round(performance.now() - started);
  return report;
}
