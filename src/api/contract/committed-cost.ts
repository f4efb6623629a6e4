// No zod here: the jobs board, the job page and the gateway's usage all count cost with it.

/**
 * What a training job has committed, as the board shows it and the usage counts it: its
 * `total_cost` once completed, its `cost_estimate` while running, and nothing otherwise (the
 * spec shows no cost for a queued, failed or cancelled job).
 */
export function committedCostOf(
  status: string,
  latest: Readonly<Record<string, unknown>> | null | undefined,
): number | null {
  const field =
    status === 'completed' ? 'total_cost' : status === 'running' ? 'cost_estimate' : null;
  const value = field ? latest?.[field] : undefined;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}
