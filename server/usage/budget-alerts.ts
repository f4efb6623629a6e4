import {
  budgetReachedType,
  budgetThresholds,
  type BudgetReached,
} from '../../src/api/contract/usage';
import type { SqlExecutor } from '../db/sql-db';
import { writeNotice } from '../history/notices';
import { nextMonthStart } from './calendar';
import { fromMicros, toMicros } from './contribution';
import { monthSpend } from './month-spend';

export type BudgetScope = 'team' | 'person';

interface LimitRow {
  monthly_limit_micros: number;
}

/** Whether `spend` has reached `threshold` percent of `limit`: a limit of 0 is reached at once. */
export const reaches = (spendMicros: number, limitMicros: number, threshold: number) =>
  spendMicros * 100 >= limitMicros * threshold;

/**
 * Inside a write's transaction: tells each threshold of a budget that `month`'s committed spend
 * has now reached, once per month (a row of `budget_alerts` marks it told). The notice goes to
 * the team (a team budget) or to the person (their own), and from there to webhooks, inboxes
 * and push devices (server/notify).
 */
export async function checkBudget(
  tx: SqlExecutor,
  scope: BudgetScope,
  personId: string,
  month: string,
  now: string,
): Promise<void> {
  const limit = await tx.get<LimitRow>(
    'SELECT monthly_limit_micros FROM budgets WHERE scope = ? AND person_id = ?',
    [scope, personId],
  );
  if (!limit) return;
  const spent = await monthSpend(tx, month, scope === 'person' ? personId : undefined);
  const spendMicros = toMicros(spent.spend);
  const limitMicros = Number(limit.monthly_limit_micros);
  for (const threshold of budgetThresholds) {
    if (!reaches(spendMicros, limitMicros, threshold)) continue;
    const told = await tx.run(
      `INSERT INTO budget_alerts (scope, person_id, month, threshold, at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (scope, person_id, month, threshold) DO NOTHING`,
      [scope, personId, month, threshold, now],
    );
    if (told.changes === 0) continue;
    const person =
      scope === 'person'
        ? await tx.get<{ name: string }>('SELECT name FROM usage_people WHERE person_id = ?', [
            personId,
          ])
        : undefined;
    const data: BudgetReached = {
      budget: scope,
      person: scope === 'person' ? { id: personId, name: person?.name ?? personId } : null,
      threshold,
      monthly_limit: fromMicros(limitMicros),
      spend: spent.spend,
      month,
      resets_at: `${nextMonthStart(month)}T00:00:00.000Z`,
    };
    await writeNotice(tx, budgetReachedType, now, data, {
      entryId: null,
      ownerId: scope === 'person' ? personId : null,
    });
  }
}

/** The team's budget, and the person's own when someone signed in started the job. */
export async function checkBudgets(
  tx: SqlExecutor,
  month: string,
  personId: string,
  now: string,
): Promise<void> {
  await checkBudget(tx, 'team', '', month, now);
  if (personId) await checkBudget(tx, 'person', personId, month, now);
}
