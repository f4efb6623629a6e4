import clsx from 'clsx';
import { filterFieldClass, SourceSelect } from '../../../components/list-filter';
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
      <input
        type="search"
        aria-label="Search history"
        placeholder="Search by text, voice id or take id"
        maxLength={200}
        value={filter.hq ?? ''}
        onChange={(event) => onChange({ hq: event.target.value || undefined })}
        className={clsx(filterFieldClass, 'min-w-56 flex-1')}
      />
      <select
        aria-label="Kind"
        value={filter.hkind ?? ''}
        onChange={(event) =>
          onChange({ hkind: (event.target.value || undefined) as TakeKindFilter | undefined })
        }
        className={filterFieldClass}
      >
        <option value="">All kinds</option>
        {/* This browser's own history keeps no extends: only the gateway records them. */}
        {takeKindFilters
          .filter((kind) => bySource || kind !== 'extend')
          .map((kind) => (
            <option key={kind} value={kind}>
              {kindLabels[kind]}
            </option>
          ))}
      </select>
      {bySource && (
        <SourceSelect value={filter.hsource} onChange={(hsource) => onChange({ hsource })} />
      )}
    </div>
  );
}
