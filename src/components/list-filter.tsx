import clsx from 'clsx';
import { historySources, type HistorySource } from '../api/contract/history-sources';
import { MatchCount } from './filter-results';

/** The look of a list's search box and filter selects. */
const filterFieldClass =
  'min-h-11 rounded-lg border border-zinc-300 bg-white px-3 py-1.5 text-sm md:min-h-0 dark:border-zinc-700 dark:bg-zinc-950';

const sourceLabels: Record<HistorySource, string> = {
  dashboard: 'This dashboard',
  client: 'Other clients',
};

/** A list's search box: what is typed goes to the URL as is; empty is no search. */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  maxLength = 200,
}: {
  label: string;
  placeholder: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  maxLength?: number;
}) {
  return (
    <input
      type="search"
      aria-label={label}
      placeholder={placeholder}
      maxLength={maxLength}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || undefined)}
      className={clsx(filterFieldClass, 'min-w-56 flex-1')}
    />
  );
}

/** One of a list's filters: its choices, or none ("All …"). */
export function OptionFilter<T extends string>({
  label,
  all,
  options,
  labels,
  value,
  onChange,
}: {
  label: string;
  /** The choice of no filter, e.g. "All kinds". */
  all: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T | undefined;
  onChange: (value: T | undefined) => void;
}) {
  return (
    <select
      aria-label={label}
      value={value ?? ''}
      onChange={(event) => onChange((event.target.value || undefined) as T | undefined)}
      className={filterFieldClass}
    >
      <option value="">{all}</option>
      {options.map((option) => (
        <option key={option} value={option}>
          {labels[option]}
        </option>
      ))}
    </select>
  );
}

/** Who sent an entry of the gateway's history: a dashboard, or another client (curl, a script). */
export function SourceSelect({
  value,
  onChange,
  label = 'Sent from',
  anywhere = 'Sent from anywhere',
}: {
  value: HistorySource | undefined;
  onChange: (source: HistorySource | undefined) => void;
  /** What the list calls it: a job is started, a take or a file is sent. */
  label?: string;
  anywhere?: string;
}) {
  return (
    <OptionFilter
      label={label}
      all={anywhere}
      options={historySources}
      labels={sourceLabels}
      value={value}
      onChange={onChange}
    />
  );
}

/**
 * While a filter narrows a list that still shows something: how many of how many, and one
 * button back to the whole list (the search box and each select would otherwise be reset
 * one by one). The status region stays in the page, empty while nothing is filtered, so a
 * screen reader announces the first narrowing too, not only the later ones.
 */
export function FilterSummary({
  active,
  matching,
  total,
  what,
  onClear,
}: {
  /** A filter is on. */
  active: boolean;
  matching: number;
  total: number;
  /** Plural noun, e.g. "takes". */
  what: string;
  onClear: () => void;
}) {
  if (!active) return <p role="status" className="sr-only" />;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <MatchCount shown={matching} total={total} what={what} />
      {matching > 0 && (
        <button
          type="button"
          onClick={onClear}
          className="min-h-11 text-sm font-medium text-brand-600 hover:underline md:min-h-0 dark:text-brand-100"
        >
          Clear filters
        </button>
      )}
    </div>
  );
}
