import type { HistoryEntry } from '../../src/api/contract/history';
import type { SqlExecutor } from '../db/sql-db';
import { checkBudgets } from './budget-alerts';
import { dayOfInstant, monthOf } from './calendar';
import { contributionOf, type Contribution } from './contribution';
import { usageMeasureColumns } from './usage-schema';

const measureList = usageMeasureColumns.join(', ');
const addDaySql = `
  INSERT INTO usage_days (day, kind, person_id, token, ${measureList})
  VALUES (?, ?, ?, ?, ${usageMeasureColumns.map(() => '?').join(', ')})
  ON CONFLICT (day, kind, person_id, token) DO UPDATE SET
  ${usageMeasureColumns.map((column) => `${column} = usage_days.${column} + excluded.${column}`).join(', ')}`;
const addItemSql = `
  INSERT INTO usage_items (day, item_type, kind, item, count, units) VALUES (?, ?, ?, ?, ?, ?)
  ON CONFLICT (item_type, day, kind, item) DO UPDATE SET
    count = usage_items.count + excluded.count, units = usage_items.units + excluded.units`;
const addDurationSql = `
  INSERT INTO usage_durations (day, kind, measure, bucket, count) VALUES (?, ?, ?, ?, ?)
  ON CONFLICT (day, kind, measure, bucket) DO UPDATE SET
    count = usage_durations.count + excluded.count`;

/** Adds (`sign` 1) or takes back (-1) what a job adds to the daily counts. */
async function apply(tx: SqlExecutor, part: Contribution, sign: 1 | -1): Promise<void> {
  await tx.run(addDaySql, [
    part.day,
    part.kind,
    part.person_id,
    part.token,
    ...usageMeasureColumns.map((column) => sign * (part.measures[column] ?? 0)),
  ]);
  for (const item of part.items)
    await tx.run(addItemSql, [
      part.day,
      item.item_type,
      item.kind,
      item.item,
      sign * item.count,
      sign * item.units,
    ]);
  for (const mark of part.durations)
    await tx.run(addDurationSql, [part.day, part.kind, mark.measure, mark.bucket, sign]);
}

/**
 * Inside the history write's transaction: brings the counts up to date with what `entry` adds
 * now, by taking back what it added before and adding the new. A job leaving the history
 * leaves its ledger row, so spend never drops; one coming back (an import) replaces it.
 * Budgets a rise in committed spend crosses are told (budget-alerts.ts).
 */
export async function recordUsage(
  tx: SqlExecutor,
  entry: HistoryEntry,
  now: string,
): Promise<void> {
  const row = await tx.get<{ contribution_json: string }>(
    'SELECT contribution_json FROM usage_ledger WHERE entry_id = ?',
    [entry.id],
  );
  const previous = row ? (JSON.parse(row.contribution_json) as Contribution) : null;
  const next = contributionOf(entry, previous);
  const nextJson = JSON.stringify(next);
  if (row?.contribution_json === nextJson) return;
  if (previous) await apply(tx, previous, -1);
  await apply(tx, next, 1);
  await tx.run(
    `INSERT INTO usage_ledger (entry_id, contribution_json) VALUES (?, ?)
     ON CONFLICT (entry_id) DO UPDATE SET contribution_json = excluded.contribution_json`,
    [entry.id, nextJson],
  );
  if (next.person_id && next.person_name)
    await tx.run(
      `INSERT INTO usage_people (person_id, name) VALUES (?, ?)
       ON CONFLICT (person_id) DO UPDATE SET name = excluded.name`,
      [next.person_id, next.person_name],
    );
  const rise = next.measures.training_cost_micros - (previous?.measures.training_cost_micros ?? 0);
  // Only this month's budgets are live: a late reading of last month's job tells nobody.
  const month = monthOf(next.day);
  if (rise > 0 && month === monthOf(dayOfInstant(now)))
    await checkBudgets(tx, month, next.person_id, now);
}
