import { z } from './zod';

/*
 * This month's budgets (server/usage): a module apart from the usage report's schemas, which
 * only the Usage page reads, so that the budget banner every page shows builds only these.
 */

/** `PUT /api/budgets/team` and `PUT /api/budgets/person/{id}`: null removes the limit. */
export const budgetLimitSchema = z.object({
  monthly_limit: z.nullable(
    z
      .number({ error: 'monthly_limit must be a number, or null to remove the limit' })
      .check(
        z.minimum(0, 'monthly_limit must be at least 0'),
        z.maximum(1_000_000_000, 'monthly_limit must be at most 1000000000'),
      ),
  ),
});
export type BudgetLimit = z.infer<typeof budgetLimitSchema>;

/** One budget this month: its limit (null: none) and what is committed against it. */
export const budgetSchema = z.object({
  monthly_limit: z.nullable(z.number()),
  /** Committed this month: completed trainings' totals plus running ones' estimates. */
  spend: z.number(),
  /** The part of `spend` that is still an estimate. */
  running: z.number(),
  /** `spend / monthly_limit` in percent, null without a limit. */
  percent: z.nullable(z.number()),
  /** Who set the limit last, and when (null for a budget never set). */
  updated_at: z.nullable(z.string()),
  updated_by: z.nullable(z.string()),
});
export type Budget = z.infer<typeof budgetSchema>;

export const personBudgetSchema = z.extend(budgetSchema, { id: z.string(), name: z.string() });
export type PersonBudget = z.infer<typeof personBudgetSchema>;

/** `GET /api/budgets`. */
export const budgetsSchema = z.object({
  month: z.string(),
  resets_at: z.string(),
  team: budgetSchema,
  /** Everyone who has started a job or has a limit; empty when nobody signs in. */
  people: z.array(personBudgetSchema),
  /** The person asking (null when nobody signs in): whose own budget a banner tells of. */
  me: z.nullable(z.string()),
  /** Whether the person asking may change budgets (the gateway's BUDGET_MANAGERS, or anyone). */
  can_manage: z.boolean(),
});
export type Budgets = z.infer<typeof budgetsSchema>;

/** What `budget.reached` tells (the `data` of its event). */
export const budgetReachedSchema = z.object({
  /** `team`, or `person` with the person's id and name. */
  budget: z.enum(['team', 'person']),
  person: z.nullable(z.object({ id: z.string(), name: z.string() })),
  /** 80 or 100. */
  threshold: z.number().check(z.int()),
  monthly_limit: z.number(),
  spend: z.number(),
  month: z.string(),
  resets_at: z.string(),
});
export type BudgetReached = z.infer<typeof budgetReachedSchema>;
