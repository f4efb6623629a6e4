import type { Budget, Budgets, PersonBudget } from '../../src/api/contract/usage';
import { formatCost } from '../../src/lib/format-cost';
import type { SqlDb, SqlExecutor } from '../db/sql-db';
import { checkBudget, reaches, type BudgetScope } from './budget-alerts';
import { dayOf, monthOf, nextMonthStart } from './calendar';
import { fromMicros, toMicros } from './contribution';
import { monthSpend, monthSpendByPerson, type MonthSpend } from './month-spend';

interface BudgetRow {
  scope: BudgetScope;
  person_id: string;
  monthly_limit_micros: number;
  updated_at: string;
  updated_by: string | null;
}

const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
const dayName = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

export const resetsAt = (month: string) => `${nextMonthStart(month)}T00:00:00.000Z`;

function budgetOf(row: BudgetRow | undefined, spent: MonthSpend): Budget {
  const limit = row ? fromMicros(row.monthly_limit_micros) : null;
  return {
    monthly_limit: limit,
    spend: spent.spend,
    running: spent.running,
    // A limit of 0 allows nothing: it is reached from the start.
    percent: limit === null ? null : limit === 0 ? 100 : (spent.spend / limit) * 100,
    updated_at: row?.updated_at ?? null,
    updated_by: row?.updated_by ?? null,
  };
}

/** Who a budget belongs to, as its refusal names it. */
const owner = (scope: BudgetScope, name: string | null) =>
  scope === 'team' ? "The team's monthly budget" : `${name ?? 'Your'}'s monthly budget`;

/**
 * Monthly limits on committed training spend, for the team and per person (in the history's
 * database, beside the counts they are checked against).
 */
export function createBudgets(db: SqlDb, clock: () => Date = () => new Date()) {
  const limits = (on: SqlExecutor) => on.all<BudgetRow>('SELECT * FROM budgets');

  return {
    /** This month's budgets and spend; `me` is whoever asks (null when nobody signs in). */
    async read(me: string | null): Promise<Omit<Budgets, 'can_manage'>> {
      const month = monthOf(dayOf(clock()));
      const [rows, team, byPerson, people] = await Promise.all([
        limits(db),
        monthSpend(db, month),
        monthSpendByPerson(db, month),
        db.all<{ person_id: string; name: string }>('SELECT person_id, name FROM usage_people'),
      ]);
      const names = new Map(people.map((person) => [person.person_id, person.name]));
      const ids = new Set([
        ...people.map((person) => person.person_id),
        ...rows.filter((row) => row.scope === 'person').map((row) => row.person_id),
      ]);
      const none: MonthSpend = { spend: 0, running: 0 };
      const personBudgets: PersonBudget[] = [...ids].map((id) => ({
        id,
        name: names.get(id) ?? id,
        ...budgetOf(
          rows.find((row) => row.scope === 'person' && row.person_id === id),
          byPerson.get(id) ?? none,
        ),
      }));
      personBudgets.sort((a, b) => b.spend - a.spend || a.name.localeCompare(b.name));
      return {
        month,
        resets_at: resetsAt(month),
        team: budgetOf(
          rows.find((row) => row.scope === 'team'),
          team,
        ),
        people: personBudgets,
        me,
      };
    },

    /** Whether this person has started a job here (or has a limit): who may get a budget. */
    async knows(personId: string): Promise<boolean> {
      const row = await db.get<{ one: number }>(
        `SELECT 1 AS one FROM usage_people WHERE person_id = ?
         UNION ALL SELECT 1 AS one FROM budgets WHERE scope = 'person' AND person_id = ?`,
        [personId, personId],
      );
      return row !== undefined;
    },

    /**
     * Sets a limit (null removes it). A limit the month's spend already reaches is told at
     * once, as a rise in spend would tell it.
     */
    async setLimit(
      scope: BudgetScope,
      personId: string,
      limit: number | null,
      by: string | null,
      personName?: string,
    ): Promise<void> {
      const now = clock().toISOString();
      await db.transaction(async (tx) => {
        if (limit === null) {
          await tx.run('DELETE FROM budgets WHERE scope = ? AND person_id = ?', [scope, personId]);
          return;
        }
        if (personName)
          await tx.run(
            `INSERT INTO usage_people (person_id, name) VALUES (?, ?)
             ON CONFLICT (person_id) DO NOTHING`,
            [personId, personName],
          );
        await tx.run(
          `INSERT INTO budgets (scope, person_id, monthly_limit_micros, updated_at, updated_by)
           VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (scope, person_id) DO UPDATE SET
             monthly_limit_micros = excluded.monthly_limit_micros,
             updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
          [scope, personId, toMicros(limit), now, by],
        );
        await checkBudget(tx, scope, personId, monthOf(now.slice(0, 10)), now);
      });
    },

    /**
     * Whether a training may start for `personId` ('' when nobody signs in): null when it may,
     * else the refusal, naming the budget, the spend and when it resets. A running job is never
     * stopped: only new starts are refused.
     */
    async refusal(personId: string, personName: string | null): Promise<string | null> {
      const month = monthOf(dayOf(clock()));
      const rows = await db.all<BudgetRow>(
        `SELECT * FROM budgets WHERE (scope = 'team' AND person_id = '')
           OR (scope = 'person' AND person_id = ?) ORDER BY scope DESC`,
        [personId],
      );
      for (const row of rows) {
        if (row.scope === 'person' && !personId) continue;
        const spent = await monthSpend(db, month, row.scope === 'person' ? personId : undefined);
        const limitMicros = Number(row.monthly_limit_micros);
        if (!reaches(toMicros(spent.spend), limitMicros, 100)) continue;
        return (
          `${owner(row.scope, personName)} of ${formatCost(fromMicros(limitMicros))} is spent: ` +
          `${formatCost(spent.spend)} is committed in ${monthName(month)} (completed trainings ` +
          `and the estimates of running ones). New trainings can start again on ` +
          `${dayName(nextMonthStart(month))} (UTC), or once the limit is raised.`
        );
      }
      return null;
    },
  };
}

export type BudgetStore = ReturnType<typeof createBudgets>;
