import clsx from 'clsx';
import { formatBytes, formatDuration } from '../../../lib/format-duration';
import type { MediaCheck } from '../probes';
import {
  datasetWarnings,
  durationWarning,
  recommendations,
  type TrainingForm,
} from '../recommendations';
import { WarningList } from './notes';

export interface DatasetView {
  /** Set when the dataset is one ready-made zip. */
  zipName?: string;
  checking: boolean;
  /** `pending` while the browser is still reading the item. */
  items: readonly (MediaCheck & { pending?: boolean })[];
  error?: string;
}

/** The local dataset, item by item, against the recommendation; flagged items are named. */
export function DatasetSummary({
  form,
  view,
  onRemove,
  disabled,
}: {
  form: Exclude<TrainingForm, 'voice'>;
  view: DatasetView;
  onRemove?: (index: number) => void;
  disabled?: boolean;
}) {
  const { item, count, seconds } = recommendations[form];
  const usable = view.items.filter((entry) => entry.format !== null);
  const flagged = view.items.filter((entry) => entry.problem).length;
  const warnings = [
    ...datasetWarnings(
      form,
      usable.map((entry) => entry.durationS),
    ),
    ...(flagged > 0
      ? [
          `${flagged} file${flagged === 1 ? ' is not a usable ' + item : 's are not usable ' + item + 's'}: the service may reject the archive.`,
        ]
      : []),
  ];
  return (
    <section aria-label="Dataset check" className="space-y-2">
      <p className="text-sm">
        <span className="font-medium">
          {usable.length} {item}
          {usable.length === 1 ? '' : 's'}
        </span>
        {view.zipName && (
          <span className="text-zinc-500 dark:text-zinc-400"> in {view.zipName}</span>
        )}
        <span className="text-zinc-500 dark:text-zinc-400">
          {' '}
          · recommended {count.min} to {count.max} of {seconds.min} to {seconds.max} s
          {view.checking && ' · measuring…'}
        </span>
      </p>
      {view.error && (
        <p className="text-xs text-red-600 dark:text-red-400">
          Could not read the archive: {view.error}
        </p>
      )}
      <WarningList warnings={warnings} label="Dataset warnings" />
      {view.items.length > 0 && (
        <ul className="max-h-72 divide-y divide-zinc-100 overflow-y-auto rounded-xl border border-zinc-200 text-xs dark:divide-zinc-800 dark:border-zinc-800">
          {view.items.map((entry, index) => {
            const note = entry.problem ?? durationWarning(form, entry.durationS) ?? entry.error;
            return (
              <li key={`${entry.name}-${index}`} className="flex items-center gap-3 px-3 py-1.5">
                <span
                  aria-hidden="true"
                  className={clsx(
                    'size-2 shrink-0 rounded-full',
                    entry.problem ? 'bg-red-500' : note ? 'bg-amber-500' : 'bg-emerald-500',
                  )}
                />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium" title={entry.name}>
                    {entry.name}
                  </span>
                  {note && (
                    <span
                      className={
                        entry.problem
                          ? 'text-red-600 dark:text-red-400'
                          : 'text-amber-700 dark:text-amber-300'
                      }
                    >
                      {entry.problem ? `Flagged: ${note}` : note}
                    </span>
                  )}
                </span>
                <span className="text-zinc-500 tabular-nums dark:text-zinc-400">
                  {entry.pending
                    ? 'measuring…'
                    : entry.durationS !== undefined
                      ? formatDuration(entry.durationS)
                      : '—'}
                </span>
                <span className="w-16 text-right text-zinc-500 tabular-nums dark:text-zinc-400">
                  {formatBytes(entry.size)}
                </span>
                {onRemove && (
                  <button
                    type="button"
                    onClick={() => onRemove(index)}
                    disabled={disabled}
                    aria-label={`Remove ${entry.name}`}
                    className="rounded px-1.5 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 disabled:opacity-50 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
                  >
                    ✕
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
