import { Button } from '../../../components/button';
import { formatBytes } from '../../../lib/format-duration';
import { startLabels } from './start-labels';
import type { TrainingStart } from './start-store';

interface StartDraftsProps {
  drafts: readonly TrainingStart[];
  /** Opens the draft in its form, to fix what stopped it. */
  onEdit: (draft: TrainingStart) => void;
  /** Starts it again as it is. */
  onStart: (draft: TrainingStart) => void;
  onDiscard: (draft: TrainingStart) => void;
}

/** Starts that stopped before their job existed: kept, with why, until the user decides. */
export function StartDrafts({ drafts, onEdit, onStart, onDiscard }: StartDraftsProps) {
  if (drafts.length === 0) return null;
  return (
    <section
      aria-labelledby="start-drafts-heading"
      className="mb-6 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800/70 dark:bg-amber-950/30 dark:text-amber-50"
    >
      <h2 id="start-drafts-heading" className="font-semibold">
        Not started yet
      </h2>
      <ul className="mt-2 divide-y divide-amber-200 dark:divide-amber-900">
        {drafts.map((draft) => {
          const size = draft.files.reduce((sum, file) => sum + file.size, 0);
          return (
            <li
              key={draft.id}
              aria-label={`${startLabels[draft.kind]} ${draft.name}`}
              className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p>
                  {startLabels[draft.kind]}{' '}
                  <code className="break-all">{draft.name || '(no name)'}</code>
                  {draft.files.length > 0 &&
                    ` · ${draft.files.length} ${draft.files.length === 1 ? 'file' : 'files'}, ${formatBytes(size)}`}
                </p>
                {draft.problem && (
                  <p className="mt-1 text-xs text-amber-800 dark:text-amber-200">{draft.problem}</p>
                )}
              </div>
              <div className="flex shrink-0 flex-wrap gap-2">
                <Button
                  variant="secondary"
                  onClick={() => onEdit(draft)}
                  aria-label={`Edit the ${startLabels[draft.kind]} ${draft.name}`}
                >
                  Edit
                </Button>
                <Button
                  variant="secondary"
                  onClick={() => onStart(draft)}
                  aria-label={`Start again the ${startLabels[draft.kind]} ${draft.name}`}
                >
                  Start again
                </Button>
                <Button
                  variant="secondary"
                  onClick={() => onDiscard(draft)}
                  aria-label={`Discard the ${startLabels[draft.kind]} ${draft.name}`}
                >
                  Discard
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
