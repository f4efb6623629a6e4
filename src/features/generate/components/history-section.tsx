import { useMemo } from 'react';
import { Card } from '../../../components/card';
import { ClearHistoryButton } from '../../../components/clear-history-button';
import { ErrorView } from '../../../components/error-view';
import { NoMatches } from '../../../components/filter-results';
import { FilterSummary } from '../../../components/list-filter';
import type { Viewer } from '../../../lib/history-starter';
import { filterGenerations, isFiltered } from '../filter-history';
import { generationHistoryLimit, type GenerationEntry } from '../history-store';
import type { HistoryFilters } from '../search';
import { HistoryFiltersBar } from './history-filters';
import { HistoryList } from './history-list';

interface HistorySectionProps {
  kind: GenerationEntry['kind'];
  entries: readonly GenerationEntry[];
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  /** Gateway mode: everyone's history on this gateway, instead of this browser's own. */
  shared: boolean;
  filters: HistoryFilters;
  onFilter: (patch: HistoryFilters) => void;
  selectedId: string | null;
  curlFor: (entry: GenerationEntry) => string;
  onShow: (entry: GenerationEntry) => void;
  onReuse: (entry: GenerationEntry) => void;
  onRemove: (entry: GenerationEntry) => void;
  /** Absent: no "Clear history" (see the shared history). */
  onClear?: () => void;
  busy: boolean;
  /** Who is looking: an entry they may not remove shows no Remove (null: anyone may). */
  viewer: Viewer;
}

export function HistorySection({
  kind,
  entries,
  loading,
  error,
  shared,
  filters: asked,
  onRetry,
  onFilter,
  onClear,
  ...listProps
}: HistorySectionProps) {
  const noun = kind === 'image' ? 'image' : 'video';
  const clearFilters = () => onFilter({ hq: undefined, hstatus: undefined, hsource: undefined });
  // This browser's own history knows no other client: a shared link's source filter is moot.
  const filters = useMemo(
    () => (shared ? asked : { ...asked, hsource: undefined }),
    [shared, asked],
  );
  const matches = useMemo(() => filterGenerations(entries, filters), [entries, filters]);
  const filtered = isFiltered(filters);
  // Another filter is another list: it starts again from its newest entries.
  const listKey = JSON.stringify([
    filters.hq?.trim().toLowerCase(),
    filters.hstatus,
    filters.hsource,
  ]);
  return (
    <Card
      labelledBy={`generate-${kind}-history`}
      title="History"
      description={
        shared
          ? `Every ${noun} generation made through this gateway, from any browser or client, updated live.`
          : `Your last ${generationHistoryLimit} generations. Kept in this browser only.`
      }
    >
      {error ? (
        <ErrorView title="The history could not be read" error={error} onRetry={onRetry} />
      ) : loading ? (
        <p className="text-sm text-zinc-500">Loading history…</p>
      ) : entries.length === 0 ? (
        <p className="text-sm text-zinc-500 dark:text-zinc-400">
          No {noun} generations yet. Each one {shared ? 'made through this gateway' : 'you make'}{' '}
          appears here, with its settings, so you can reuse them.
        </p>
      ) : (
        <div className="space-y-3">
          <HistoryFiltersBar noun={noun} filters={filters} onChange={onFilter} bySource={shared} />
          <FilterSummary
            active={filtered}
            matching={matches.length}
            total={entries.length}
            what={`${noun} generations`}
            onClear={clearFilters}
          />
          {matches.length === 0 ? (
            <NoMatches what={`${noun} generation`} onClear={clearFilters} />
          ) : (
            <HistoryList
              key={listKey}
              noun={noun}
              entries={matches}
              shared={shared}
              {...listProps}
            />
          )}
          {onClear && (
            <div>
              <ClearHistoryButton
                confirmation={`Delete every ${noun} generation of the history in this browser?`}
                onClear={onClear}
                busy={listProps.busy}
              />
            </div>
          )}
        </div>
      )}
    </Card>
  );
}
