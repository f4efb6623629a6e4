import type { Context, Hono } from 'hono';
import { isTrainingKind, type HistoryKind } from '../../src/api/contract/history';
import type { SqlDb } from '../db/sql-db';
import { budgetExceededResponse } from '../errors';
import { createBudgets, type BudgetStore } from './budgets';
import { usageRoutes } from './usage-routes';

export interface UsageOptions {
  /** The history's database: the counts are kept in the history's own transactions. */
  db: SqlDb;
  /**
   * Who may change budgets: user ids or e-mail addresses (BUDGET_MANAGERS). Empty: anyone
   * who may use the gateway.
   */
  managers?: readonly string[];
  clock?: () => Date;
}

export interface Usage {
  /** `/api/usage` and `/api/budgets*`. */
  routes: Hono;
  budgets: BudgetStore;
  /**
   * Before a creation goes upstream: the refusal of a training start a spent budget stops
   * (402 `budget_exceeded`), or null to let it through.
   */
  admit(c: Context, kind: HistoryKind): Promise<Response | null>;
}

/** Usage counts, budgets and the check that enforces them (docs/usage.md). */
export function createUsage({ db, managers = [], clock }: UsageOptions): Usage {
  const budgets = createBudgets(db, clock);
  const named = new Set(managers.map((manager) => manager.trim().toLowerCase()));
  const mayManage = (c: Context) => {
    if (named.size === 0) return true;
    const user = c.get('principal')?.user;
    if (!user) return false;
    return named.has(user.id.toLowerCase()) || named.has(user.email?.toLowerCase() ?? '');
  };
  return {
    routes: usageRoutes({ db, budgets, mayManage, ...(clock && { clock }) }),
    budgets,
    async admit(c, kind) {
      if (!isTrainingKind(kind)) return null;
      const user = c.get('principal')?.user;
      const refusal = await budgets.refusal(user?.id ?? '', user?.name ?? null);
      return refusal === null ? null : budgetExceededResponse(c, refusal);
    },
  };
}
