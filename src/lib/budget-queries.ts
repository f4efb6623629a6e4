import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../api/api-client';
import type { Budgets } from '../api/contract/usage';

/**
 * Spend moves when a training starts, ends or reports a new estimate, which the history's live
 * stream tells (the banner follows it); this is for what no job of ours brings (a limit set in
 * another tab or by a teammate).
 */
export const budgetPollMs = 60_000;

/**
 * This month's budgets (`GET /api/budgets`, gateway mode only): Settings → Budgets edits them,
 * and the shell's banner tells of them. Shared here as both read the same cache.
 */
export const budgetQueries = {
  all: () => ['budgets'] as const,
  current: () =>
    queryOptions({
      queryKey: [...budgetQueries.all(), 'current'] as const,
      queryFn: ({ signal }) => apiClient.budgets({ signal }),
      refetchInterval: budgetPollMs,
      // Back at the tab after a while: a budget reached meanwhile shows at once.
      refetchOnWindowFocus: 'always',
    }),
};

/** Settings → Budgets, where the shell's budget banner links to. */
export const budgetSettingsHash = 'budgets';

/** Whose limit a change sets: the team's, or one person's. */
export type BudgetTarget = { scope: 'team' } | { scope: 'person'; id: string };

/**
 * Sets or removes (null) a monthly limit. The gateway answers every budget as it now is, so the
 * cache takes that answer at once; the budgets are read again after all the same, as spend
 * may have moved meanwhile.
 */
export function useSetBudget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, limit }: { target: BudgetTarget; limit: number | null }) =>
      target.scope === 'team'
        ? apiClient.setTeamBudget({ monthly_limit: limit })
        : apiClient.setPersonBudget(target.id, { monthly_limit: limit }),
    onSuccess: (budgets: Budgets) =>
      queryClient.setQueryData(budgetQueries.current().queryKey, budgets),
    onSettled: () => queryClient.invalidateQueries({ queryKey: budgetQueries.all() }),
  });
}
