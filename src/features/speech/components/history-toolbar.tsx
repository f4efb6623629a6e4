import { OptionFilter, SearchField, SourceSelect } from '../../../components/list-filter';
import { takeKindFilters, type TakeFilter, type TakeKindFilter } from '../search';

const kindLabels: Record<TakeKindFilter, string> = {
  speech: 'Speech',
  async: 'Async task',
  extend: 'Voice extend',
};

interface HistoryToolbarProps {
  filter: TakeFilter;
  onChange: (patch: Partial<TakeFilter>) => void;
  /** The gateway knows who made each take; a browser on its own only knows its own. */
  bySource: boolean;
}

/** The history's search and filters; they live in the URL, so a filtered history can be shared. */
export function HistoryToolbar({ filter, onChange, bySource }: HistoryToolbarProps) {
  return (
    <div role="search" aria-label="Filter the history" className="flex flex-wrap gap-2">
      <SearchField
        label="Search history"
        placeholder="Search by text, voice id or take id"
        value={filter.hq}
        onChange={(hq) => onChange({ hq })}
      />
      <OptionFilter
        label="Kind"
        all="All kinds"
        // This browser's own history keeps no extends: only the gateway records them.
        options={takeKindFilters.filter((kind) => bySource || kind !== 'extend')}
        labels={kindLabels}
        value={filter.hkind}
        onChange={(hkind) => onChange({ hkind })}
      />
      {bySource && (
        <SourceSelect value={filter.hsource} onChange={(hsource) => onChange({ hsource })} />
      )}
    </div>
  );
}
