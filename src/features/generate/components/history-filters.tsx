import { OptionFilter, SearchField, SourceSelect } from '../../../components/list-filter';
import {
  historyOutcomes,
  historyQueryMax,
  type HistoryFilters,
  type HistoryOutcome,
} from '../search';

interface HistoryFiltersBarProps {
  /** "image" or "video": names the region, so each tab's filters are told apart. */
  noun: string;
  filters: HistoryFilters;
  onChange: (patch: HistoryFilters) => void;
  /** The gateway knows who sent each generation; a browser on its own only knows its own. */
  bySource: boolean;
}

const outcomeLabels: Record<HistoryOutcome, string> = {
  succeeded: 'Succeeded',
  failed: 'Failed',
};

/** Search and filters of the history; they live in the URL, so a filtered view can be shared. */
export function HistoryFiltersBar({ noun, filters, onChange, bySource }: HistoryFiltersBarProps) {
  return (
    <div
      role="search"
      aria-label={`Filter ${noun} history`}
      className="flex flex-wrap items-center gap-2"
    >
      <SearchField
        label="Search history"
        placeholder="Search by prompt, tool or id"
        maxLength={historyQueryMax}
        value={filters.hq}
        onChange={(hq) => onChange({ hq })}
      />
      <OptionFilter
        label="Outcome"
        all="All outcomes"
        options={historyOutcomes}
        labels={outcomeLabels}
        value={filters.hstatus}
        onChange={(hstatus) => onChange({ hstatus })}
      />
      {bySource && (
        <SourceSelect value={filters.hsource} onChange={(hsource) => onChange({ hsource })} />
      )}
    </div>
  );
}
