import { z } from '../../../api/contract/zod';
import { budgetLimitSchema } from '../../../api/contract/budgets';

/** The contract's rules for a limit (at least 0, at most a billion), without its null. */
const limitRules = budgetLimitSchema.shape.monthly_limit.def.innerType;

/** A whole number of cents: the service's figures are dollars, the input takes no finer step. */
const inCents = (amount: number) => Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6;

/**
 * A limit as typed (dollars, in a text of the number input) to the number the gateway takes.
 * Removing a limit is its own button, so an empty field is a mistake here, not a null. Its own
 * module, so the form loads it (and zod) on first use.
 */
export const budgetFormSchema = z.object({
  monthly_limit: z.pipe(
    z.pipe(
      z.string().check(
        z.trim(),
        z.minLength(1, 'monthly_limit must not be empty: enter an amount in dollars, e.g. 50'),
        z.refine(
          (text) => Number.isFinite(Number(text)),
          'monthly_limit must be a number of dollars',
        ),
      ),
      z.transform((text: string) => Number(text)),
    ),
    limitRules.check(
      z.refine(inCents, 'monthly_limit must be in whole cents (at most two decimals)'),
    ),
  ),
});
export type BudgetFormInput = z.input<typeof budgetFormSchema>;
export type BudgetFormOutput = z.output<typeof budgetFormSchema>;
