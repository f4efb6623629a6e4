import { Suspense, useEffect, useMemo } from 'react';
import { Card } from '../../../components/card';
import { deferred } from '../../../components/deferred';
import { ClearHistoryButton } from '../../../components/clear-history-button';
import { ErrorView } from '../../../components/error-view';
import { HistoryWarning } from '../../../components/history-warning';
import { NoMatches } from '../../../components/filter-results';
import { FilterSummary } from '../../../components/list-filter';
import { useCompareChoice } from '../compare/use-compare-choice';
import { historyLimit } from '../history-store';
import type { TakeFilter } from '../search';
import { filterTakes, isTakeFilterActive, takeFilterKey } from '../take-filter';
import { HistoryList, type HistoryListProps } from './history-list';
import { HistoryToolbar } from './history-toolbar';

export interface HistoryFilterProps {
  /** The history's search and filters, from the URL. */
  filter: TakeFilter;
  onFilterChange: (patch: Partial<TakeFilter>) => void;
}

interface HistorySectionProps extends HistoryListProps, HistoryFilterProps {
  error: unknown;
  onRetry?: () => void;
  /** The gateway could not record something: its history may miss a take. */
  warning?: string | null;
  /** Only this browser's own history can be cleared at once (see SharedSpeechHistory). */
  onClear?: () => void;
  clearing?: boolean;
}

/** The compare (its panel, waveforms and playback) loads once a take is ticked, not with the page. */
const comparePanel = deferred(() =>
  import('../compare/compare-panel').then((module) => module.ComparePanel),
);

// Each field set to undefined, so the URL drops all of them at once.
const noFilter: TakeFilter = {
  hq: undefined,
  hkind: undefined,
  hsource: undefined,
};

export function HistorySection({
  error,
  onRetry,
  warning = null,
  onClear,
  clearing = false,
  filter,
  onFilterChange,
  ...list
}: HistorySectionProps) {
  // Only the gateway knows who made a take: in this browser's own history there is no source.
  const applied = useMemo(
    () => (list.shared ? filter : { ...filter, hsource: undefined }),
    [list.shared, filter],
  );
  const active = isTakeFilterActive(applied);
  const matching = useMemo(() => filterTakes(list.takes, applied), [list.takes, applied]);
  const total = list.takes.length;
  const clearFilters = () => onFilterChange(noFilter);
  const compare = useCompareChoice(list.takes, list.voiceNames);
  const choosing = compare.chosen.length > 0;
  useEffect(() => {
    if (choosing) comparePanel.preload();
  }, [choosing]);
  return (
    <Card
      labelledBy="speech-history-title"
      title="History"
      description={
        list.shared
          ? 'Every synthesis and voice extend made through this gateway, by anyone, updated live.'
          : `The last ${historyLimit} syntheses made in this browser. Kept in this browser only.`
      }
    >
      {error ? (
        <ErrorView title="The history could not be read" error={error} onRetry={onRetry} />
      ) : (
        <div className="space-y-4">
          <HistoryWarning message={warning} />
          {!list.loading && total > 0 && (
            <div className="space-y-2">
              <HistoryToolbar filter={filter} onChange={onFilterChange} bySource={list.shared} />
              <FilterSummary
                active={active}
                matching={matching.length}
                total={total}
                what="takes"
                onClear={clearFilters}
              />
            </div>
          )}
          {compare.pair ? (
            // A new pair starts a fresh compare: no stale position, measure or choice of take.
            <Suspense
              fallback={
                <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
                  Opening the compare…
                </p>
              }
            >
              <comparePanel.Component
                key={`${compare.pair.A.id}:${compare.pair.B.id}`}
                takes={compare.pair}
                onClose={compare.clear}
              />
            </Suspense>
          ) : (
            compare.chosen.length === 1 && (
              <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
                Tick “Compare” on one more take to listen to both, A/B.
              </p>
            )
          )}
          {total > 0 && matching.length === 0 ? (
            <NoMatches what="take" onClear={clearFilters} />
          ) : (
            <HistoryList
              {...list}
              takes={matching}
              filterKey={takeFilterKey(applied)}
              // A filter looks only at the takes read: those still to read are not counted.
              unread={active ? 0 : list.unread}
              comparing={compare.chosen}
              onToggleCompare={compare.toggle}
            />
          )}
          {onClear && total > 0 && (
            <ClearHistoryButton
              confirmation={'Delete every entry of the speech history in this browser?'}
              onClear={onClear}
              busy={clearing}
            />
          )}
        </div>
      )}
    </Card>
  );
}
