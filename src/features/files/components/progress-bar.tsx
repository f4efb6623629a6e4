import clsx from 'clsx';
import { formatBytes } from '../../../lib/format-duration';

/** A real progressbar: percent for the bar, bytes in words for people and screen readers. */
export function ProgressBar({
  percent,
  sentBytes,
  totalBytes,
  label,
  tone = 'brand',
}: {
  percent: number;
  sentBytes: number;
  totalBytes: number;
  label: string;
  tone?: 'brand' | 'success' | 'error' | 'muted';
}) {
  const text = `${percent} % · ${formatBytes(sentBytes)} of ${formatBytes(totalBytes)}`;
  return (
    <div className="flex items-center gap-3">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className="h-2 flex-1 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
      >
        <div
          className={clsx('h-full rounded-full transition-[width] duration-200', {
            'bg-brand-600 dark:bg-brand-500': tone === 'brand',
            'bg-emerald-600 dark:bg-emerald-500': tone === 'success',
            'bg-red-600 dark:bg-red-500': tone === 'error',
            'bg-zinc-400 dark:bg-zinc-600': tone === 'muted',
          })}
          style={{ width: `${percent}%` }}
        />
      </div>
      <span className="w-44 shrink-0 text-right text-xs text-zinc-600 tabular-nums dark:text-zinc-400">
        {text}
      </span>
    </div>
  );
}
