import clsx from 'clsx';
import { filterFieldClass, SourceSelect } from '../../../components/list-filter';
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
      <input
        type="search"
        aria-label="Search history"
        placeholder="Search by prompt, tool or id"
        maxLength={historyQueryMax}
        value={filters.hq ?? ''}
        onChange={(event) => onChange({ hq: event.target.value || undefined })}
        className={clsx(filterFieldClass, 'min-w-56 flex-1')}
      />
      <select
        aria-label="Outcome"
        value={filters.hstatus ?? ''}
        onChange={(event) =>
          onChange({ hstatus: (event.target.value || undefined) as HistoryOutcome | undefined })
        }
        className={filterFieldClass}
      >
        <option value="">All outcomes</option>
        {historyOutcomes.map((outcome) => (
          <option key={outcome} value={outcome}>
            {outcomeLabels[outcome]}
          </option>
        ))}
      </select>
      {bySource && (
        <SourceSelect value={filters.hsource} onChange={(hsource) => onChange({ hsource })} />
      )}
    </div>
  );
}
