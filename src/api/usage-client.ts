import { CheckedSchema, lazySchemas } from './lazy-module';
import { isBudgets } from './answer-checks';
import { isUsageReport } from './usage-checks';
import type { RequestOptions } from './client';
import type { GatewayCaller } from './notification-client';
import { usagePaths } from './contract/usage-paths';
import type { UsageQuery } from './contract/usage';
import type { BudgetLimit } from './contract/budgets';
import { toSearchParams } from './search-params';

// The usage schemas load with the first request that needs them, like the history's; the
// budgets' on their own, as every page's banner reads them and only Usage the report. Both
// only for an answer their hand check refuses (./answer-checks.ts, ./usage-checks.ts).
const usageReportSchema = new CheckedSchema(
  isUsageReport,
  lazySchemas(() => import('./contract/usage'))('usageReportSchema'),
);
const budgetsSchema = new CheckedSchema(
  isBudgets,
  lazySchemas(() => import('./contract/budgets'))('budgetsSchema'),
);

/** Where the usage report is as a CSV file: a link the browser downloads, not a fetch. */
export function usageCsvUrl(query: Omit<UsageQuery, 'format'>): string {
  return `${usagePaths.usage}?${toSearchParams({ ...query, format: 'csv' })}`;
}

/** The gateway's usage report and budgets, as the app client offers them. */
export function usageEndpoints(call: GatewayCaller) {
  return {
    /** Usage over a period (this month by default), grouped as asked. */
    usage(query: Omit<UsageQuery, 'format'>, requestOptions?: RequestOptions) {
      const search = toSearchParams(query);
      return call(
        'GET',
        search ? `${usagePaths.usage}?${search}` : usagePaths.usage,
        usageReportSchema,
        undefined,
        requestOptions,
      );
    },
    /** This month's team and personal budgets, with what each has committed. */
    budgets(requestOptions?: RequestOptions) {
      return call('GET', usagePaths.budgets, budgetsSchema, undefined, requestOptions);
    },
    /** Sets the team's monthly limit; null removes it. */
    setTeamBudget(body: BudgetLimit, requestOptions?: RequestOptions) {
      return call('PUT', usagePaths.team, budgetsSchema, body, requestOptions);
    },
    /** Sets one person's monthly limit; null removes it. */
    setPersonBudget(id: string, body: BudgetLimit, requestOptions?: RequestOptions) {
      return call('PUT', usagePaths.person(id), budgetsSchema, body, requestOptions);
    },
  };
}
