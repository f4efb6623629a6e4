import clsx from 'clsx';
import { boardStatus, statusLabels, type BoardStatus } from '../lib/job-status';

const tones: Record<BoardStatus, string> = {
  queued:
    'bg-zinc-100 text-zinc-700 ring-zinc-300 dark:bg-zinc-800 dark:text-zinc-200 dark:ring-zinc-700',
  running:
    'bg-brand-50 text-brand-700 ring-brand-100 dark:bg-brand-700/30 dark:text-brand-100 dark:ring-brand-600/50',
  completed:
    'bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-950/60 dark:text-emerald-200 dark:ring-emerald-800',
  failed:
    'bg-red-50 text-red-800 ring-red-200 dark:bg-red-950/60 dark:text-red-200 dark:ring-red-800',
  cancelled:
    'bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-950/60 dark:text-amber-200 dark:ring-amber-800',
  unknown:
    'bg-zinc-50 text-zinc-600 ring-zinc-300 dark:bg-zinc-900 dark:text-zinc-300 dark:ring-zinc-700',
};

/** A status as a word (never colour alone); an unexpected API status is shown as it came. */
export function StatusBadge({ status }: { status: string }) {
  const column = boardStatus(status);
  const label = column === 'unknown' && status !== 'unknown' ? status : statusLabels[column];
  return (
    <span
      data-testid="job-status"
      className={clsx(
        'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        tones[column],
      )}
    >
      {/* It pulses only for those who allow motion: an endless animation keeps the page
          drawing a frame every few milliseconds for as long as a job runs. */}
      {column === 'running' && (
        <span
          aria-hidden="true"
          className="size-1.5 rounded-full bg-current motion-safe:animate-pulse"
        />
      )}
      {label}
    </span>
  );
}
