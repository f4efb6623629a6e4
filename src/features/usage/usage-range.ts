import { formatCount } from '../../lib/format-number';
import type { UsageSearch } from './search';

// Apart from search.ts, which the router reads in the entry chunk: only this page needs it.

/** The longest period the gateway reports on at once (the contract's `usageMaxDays`). */
export const maxUsageDays = 1_830;

const dayMs = 86_400_000;
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The days a search covers, or why it covers none. Days are UTC days, as the gateway counts. */
export type UsageRange = { from: string; to: string } | { error: string };

export function usageRange(search: UsageSearch, now: number): UsageRange {
  const today = dayOf(now);
  const monthStart = `${today.slice(0, 8)}01`;
  if (search.period === 'month') return { from: monthStart, to: today };
  if (search.period === '30d') return { from: dayOf(now - 29 * dayMs), to: today };
  const from = search.from ?? monthStart;
  const to = search.to ?? today;
  const days = (Date.parse(to) - Date.parse(from)) / dayMs + 1;
  if (days < 1) return { error: 'The first day must not be after the last day.' };
  if (days > maxUsageDays)
    return { error: `A period covers at most ${formatCount(maxUsageDays)} days (five years).` };
  return { from, to };
}
