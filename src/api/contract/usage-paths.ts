// No zod here: the shell's budget banner reads these before any schema loads.

/** The gateway's usage and budget endpoints (never forwarded upstream). */
export const usagePaths = {
  /** Usage over a period, grouped by day, week or month and by kind, person or token. */
  usage: '/api/usage',
  /** This month's budgets, with what each has committed so far. */
  budgets: '/api/budgets',
  team: '/api/budgets/team',
  person: (id: string) => `/api/budgets/person/${encodeURIComponent(id)}`,
} as const;

/** How the usage report groups its periods, and its jobs within each (./usage.ts). */
export const usageGroupings = ['day', 'week', 'month'] as const;
export const usageDimensions = ['kind', 'person', 'token'] as const;

/** The dashboard's usage page. */
export const usagePagePath = '/usage';

/** The event told when committed spend reaches a share of a budget (webhooks, inbox, push). */
export const budgetReachedType = 'budget.reached';

/** The shares of a budget at which people are told, in percent. */
export const budgetThresholds = [80, 100] as const;

/** The error code of a training start refused because a budget is spent (HTTP 402). */
export const budgetExceededCode = 'budget_exceeded';
