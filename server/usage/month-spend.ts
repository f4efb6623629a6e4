import type { SqlExecutor } from '../db/sql-db';
import { monthStart, nextMonthStart } from './calendar';
import { fromMicros } from './contribution';

export interface MonthSpend {
  /** Committed: completed trainings' totals plus running ones' estimates. */
  spend: number;
  /** The part still an estimate. */
  running: number;
}

/** What is committed in `month`, by everyone or by one person. */
export async function monthSpend(
  on: SqlExecutor,
  month: string,
  personId?: string,
): Promise<MonthSpend> {
  const row = await on.get<{ spend: number | null; running: number | null }>(
    `SELECT SUM(training_cost_micros) AS spend, SUM(running_cost_micros) AS running
     FROM usage_days WHERE day >= ? AND day < ?${personId === undefined ? '' : ' AND person_id = ?'}`,
    [monthStart(month), nextMonthStart(month), ...(personId === undefined ? [] : [personId])],
  );
  return { spend: fromMicros(row?.spend ?? 0), running: fromMicros(row?.running ?? 0) };
}

/** Each person's committed spend in `month`, by id. */
export async function monthSpendByPerson(
  on: SqlExecutor,
  month: string,
): Promise<Map<string, MonthSpend>> {
  const rows = await on.all<{ person_id: string; spend: number; running: number }>(
    `SELECT person_id, SUM(training_cost_micros) AS spend, SUM(running_cost_micros) AS running
     FROM usage_days WHERE day >= ? AND day < ? GROUP BY person_id`,
    [monthStart(month), nextMonthStart(month)],
  );
  return new Map(
    rows.map((row) => [
      row.person_id,
      { spend: fromMicros(row.spend), running: fromMicros(row.running) },
    ]),
  );
}
