/**
 * The usage tables (server/usage), in the history's database: each engine's migration is made
 * from this one description, so the two cannot drift. Costs are kept in micro-units (integers):
 * sums that rise and fall with every reading stay exact.
 *
 * - `usage_ledger`: what each recorded job adds to the counts now. It outlives the job's entry,
 *   so removing history (by hand or by retention) never lowers what was spent.
 * - `usage_days`: the counts per UTC day, kind, person and token, kept up to date in the
 *   transaction of each history write; a month is at most a few thousand rows however many
 *   jobs it had.
 * - `usage_items`: tools and voices used per day; `usage_durations`: trainings' queue wait
 *   and run time per day, as histogram buckets.
 * - `budgets`: monthly limits; `budget_alerts`: each threshold told once per month.
 *
 * Shipped as the history's SQLite migration 10 and PostgreSQL migration 7: a later change is a
 * new migration, never an edit here.
 */
export const usageMeasureColumns = [
  'jobs',
  'completed',
  'failed',
  'cancelled',
  'running',
  'training_cost_micros',
  'running_cost_micros',
  'generations',
  'speech_requests',
  'speech_characters',
  'extends',
  'uploads',
  'upload_bytes',
  'sandboxes',
] as const;
export type UsageMeasureColumn = (typeof usageMeasureColumns)[number];

export function usageMigration(engine: 'sqlite' | 'postgres'): string {
  const text = engine === 'postgres' ? 'TEXT COLLATE "C"' : 'TEXT';
  const int = engine === 'postgres' ? 'BIGINT' : 'INTEGER';
  // SQLite reads a range of the key straight from the table, without a second lookup.
  const rowless = engine === 'sqlite' ? ' WITHOUT ROWID' : '';
  const measures = usageMeasureColumns
    .map((column) => `    ${column} ${int} NOT NULL DEFAULT 0`)
    .join(',\n');
  return `
  CREATE TABLE usage_ledger (
    entry_id ${text} PRIMARY KEY,
    contribution_json TEXT NOT NULL
  );
  CREATE TABLE usage_days (
    day ${text} NOT NULL,
    kind ${text} NOT NULL,
    -- '' when nobody signed in; token '' for a start from the browser.
    person_id ${text} NOT NULL,
    token ${text} NOT NULL,
${measures},
    PRIMARY KEY (day, kind, person_id, token)
  )${rowless};
  CREATE TABLE usage_items (
    day ${text} NOT NULL,
    item_type ${text} NOT NULL CHECK (item_type IN ('tool', 'voice')),
    kind ${text} NOT NULL,
    item ${text} NOT NULL,
    count ${int} NOT NULL DEFAULT 0,
    units ${int} NOT NULL DEFAULT 0,
    -- By type first: the top tools and the top voices are each read from one range.
    PRIMARY KEY (item_type, day, kind, item)
  )${rowless};
  CREATE TABLE usage_durations (
    day ${text} NOT NULL,
    kind ${text} NOT NULL,
    measure ${text} NOT NULL CHECK (measure IN ('queue_wait', 'run_time')),
    bucket INTEGER NOT NULL,
    count ${int} NOT NULL DEFAULT 0,
    PRIMARY KEY (day, kind, measure, bucket)
  );
  CREATE TABLE usage_people (person_id ${text} PRIMARY KEY, name TEXT NOT NULL);

  CREATE TABLE budgets (
    scope ${text} NOT NULL CHECK (scope IN ('team', 'person')),
    -- '' for the team's.
    person_id ${text} NOT NULL,
    monthly_limit_micros ${int} NOT NULL,
    updated_at TEXT NOT NULL,
    updated_by TEXT,
    PRIMARY KEY (scope, person_id)
  );
  CREATE TABLE budget_alerts (
    scope ${text} NOT NULL,
    person_id ${text} NOT NULL,
    month ${text} NOT NULL,
    threshold INTEGER NOT NULL,
    at TEXT NOT NULL,
    PRIMARY KEY (scope, person_id, month, threshold)
  );
  `;
}
