import { formatCount } from '../lib/format-number';

/** "Show N more", with how many are still hidden; nothing when all are shown (see useShowMore). */
export function ShowMoreButton({
  hidden,
  step,
  what,
  onShowMore,
}: {
  hidden: number;
  step: number;
  /** Plural noun for the label, e.g. "takes". */
  what: string;
  onShowMore: () => void;
}) {
  if (hidden === 0) return null;
  return (
    <div className="mt-4 flex items-center gap-3 text-sm">
      <button
        type="button"
        onClick={onShowMore}
        className="min-h-11 rounded-lg border border-zinc-300 px-3 py-1.5 font-medium md:min-h-0 hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800"
      >
        Show {Math.min(step, hidden)} more {what}
      </button>
      <span className="text-zinc-500 dark:text-zinc-400">{formatCount(hidden)} not shown</span>
    </div>
  );
}
