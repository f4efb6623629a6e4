import { compact, oneOf, searchSchema } from '../../lib/search-fields';

export const usagePeriods = ['month', '30d', 'custom'] as const;
export type UsagePeriod = (typeof usagePeriods)[number];
// The contract's lists, repeated: the router reads this module in the entry chunk, and the
// contract's module brings zod (src/lib/search-fields.ts).
export const usageGroupBys = ['day', 'week', 'month'] as const;
export const usageBys = ['kind', 'person', 'token'] as const;

/** A real calendar day written YYYY-MM-DD, or undefined. */
export function isoDay(value: unknown): string | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().startsWith(value)
    ? value
    : undefined;
}

/**
 * The usage page's URL state: the period (this month, the last 30 days, or custom days), how
 * rows are grouped in time and by what. Every filter is here, so a report can be shared.
 */
export const usageSearchSchema = searchSchema((search): UsageSearch => {
  const period = oneOf(usagePeriods, search.period) ?? 'month';
  return compact({
    period,
    // Days only mean something for a custom period; a preset names its own.
    from: period === 'custom' ? isoDay(search.from) : undefined,
    to: period === 'custom' ? isoDay(search.to) : undefined,
    group_by: oneOf(usageGroupBys, search.group_by) ?? 'day',
    by: oneOf(usageBys, search.by) ?? 'kind',
  });
});
export interface UsageSearch {
  period: UsagePeriod;
  /** The first day of a custom period (UTC, YYYY-MM-DD). */
  from?: string | undefined;
  /** The last day of a custom period, included. */
  to?: string | undefined;
  group_by: (typeof usageGroupBys)[number];
  by: (typeof usageBys)[number];
}
