import type { HistoryFilters } from './search';
import type { GenerationEntry } from './history-store';

/** Whether any filter narrows the history; a blank search does not. */
export function isFiltered(filters: HistoryFilters): boolean {
  return Boolean(filters.hq?.trim() || filters.hstatus || filters.hsource);
}

/**
 * The entries matching the filters, in their order. The search is case-insensitive over the
 * prompt, the tool and the entry id (what a person remembers, or copied from a link or log).
 * An entry without a source was made by this dashboard (direct mode records no other).
 */
export function filterGenerations(
  entries: readonly GenerationEntry[],
  filters: HistoryFilters,
): readonly GenerationEntry[] {
  const q = filters.hq?.trim().toLowerCase() ?? '';
  if (q === '' && !filters.hstatus && !filters.hsource) return entries;
  return entries.filter(
    (entry) =>
      (!filters.hstatus || entry.outcome.status === filters.hstatus) &&
      (!filters.hsource || (entry.source ?? 'dashboard') === filters.hsource) &&
      (q === '' ||
        entry.request.prompt.toLowerCase().includes(q) ||
        entry.request.tool.toLowerCase().includes(q) ||
        entry.id.toLowerCase().includes(q)),
  );
}
