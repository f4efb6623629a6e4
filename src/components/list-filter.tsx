import { historySources, type HistorySource } from '../api/contract/history';
import { MatchCount } from './filter-results';

/** The look of a list's search box and filter selects. */
export const filterFieldClass =
  'rounded-lg border border-zinc-300 bg-white px-3 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-950';

const sourceLabels: Record<HistorySource, string> = {
  dashboard: 'This dashboard',
  client: 'Other clients',
};

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
    <select
      aria-label={label}
      value={value ?? ''}
      onChange={(event) => onChange((event.target.value || undefined) as HistorySource)}
      className={filterFieldClass}
    >
      <option value="">{anywhere}</option>
      {historySources.map((source) => (
        <option key={source} value={source}>
          {sourceLabels[source]}
        </option>
      ))}
    </select>
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
          className="text-sm font-medium text-brand-600 hover:underline dark:text-brand-100"
        >
          Clear filters
        </button>
      )}
    </div>
  );
}
