import { formatCount } from '../lib/format-number';

/**
 * How many entries a filtered list shows out of all it holds, e.g. "12 of 340 sandboxes".
 * A status, so a screen reader hears the list narrow while the search is typed.
 */
export function MatchCount({ shown, total, what }: { shown: number; total: number; what: string }) {
  return (
    <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
      {formatCount(shown)} of {formatCount(total)} {what}
    </p>
  );
}

/** A filtered list with nothing left in it, and the way back to the whole list. */
export function NoMatches({ what, onClear }: { what: string; onClear: () => void }) {
  return (
    <div className="rounded-xl border border-dashed border-zinc-300 px-6 py-8 text-center text-sm dark:border-zinc-700">
      <p>No {what} matches these filters.</p>
      <button
        type="button"
        onClick={onClear}
        className="mt-2 font-medium text-brand-600 hover:underline dark:text-brand-100"
      >
        Clear filters
      </button>
    </div>
  );
}
