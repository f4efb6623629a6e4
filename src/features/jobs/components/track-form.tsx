import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button';
import { ErrorView } from '../../../components/error-view';
import { trackedJobKinds, type TrackedJobKind } from '../../../lib/tracked-jobs';
import { kindLabels } from '../job-state';

interface TrackFormProps {
  onTrack: (input: { taskId: string; kind: TrackedJobKind }) => void;
  pending: boolean;
  error: unknown;
  message: string | null;
}

const fieldClass =
  'min-h-11 rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm md:min-h-0 dark:border-zinc-700 dark:bg-zinc-950';

/** Adds a job started elsewhere (another browser, a script) by its task id. */
export function TrackForm({ onTrack, pending, error, message }: TrackFormProps) {
  const [taskId, setTaskId] = useState('');
  const [kind, setKind] = useState<TrackedJobKind>('voice');

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = taskId.trim();
    if (trimmed !== '') onTrack({ taskId: trimmed, kind });
  }

  return (
    <form
      aria-label="Track a task id"
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex min-w-64 flex-1 flex-col gap-1 text-xs font-medium text-zinc-600 dark:text-zinc-300">
          Task id
          <input
            value={taskId}
            onChange={(event) => setTaskId(event.target.value)}
            placeholder="Paste a task id returned by a training endpoint"
            spellCheck={false}
            autoComplete="off"
            className={`${fieldClass} font-mono`}
          />
        </label>
        <label className="flex flex-col gap-1 text-xs font-medium text-zinc-600 dark:text-zinc-300">
          Kind
          <select
            value={kind}
            onChange={(event) => setKind(event.target.value as TrackedJobKind)}
            className={fieldClass}
          >
            {trackedJobKinds.map((value) => (
              <option key={value} value={value}>
                {kindLabels[value]}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" disabled={pending || taskId.trim() === ''}>
          {pending ? 'Checking…' : 'Track'}
        </Button>
      </div>
      <p role="status" className="text-xs text-zinc-600 empty:hidden dark:text-zinc-400">
        {message ?? ''}
      </p>
      {error != null && <ErrorView error={error} title="Could not track this task id" />}
    </form>
  );
}
