import type { UseFormRegisterReturn } from 'react-hook-form';
import { snakeCaseNameMaxLength } from '../../../api/contract/training-limits';
import { TextField } from '../../../components/form/text-field';
import type { TrackedJob } from '../../../lib/tracked-jobs';

interface NameFieldsProps {
  displayField: UseFormRegisterReturn<'display_name'>;
  nameField: UseFormRegisterReturn<'name'>;
  nameError?: string;
  /** The snake_case form of the display name, offered when the name was typed by hand. */
  suggestion: string | null;
  onUseSuggestion: () => void;
  /** A tracked job of the same kind that already uses the name. */
  takenBy: TrackedJob | null;
  /** "the voice_id", "lora_name on music generation". */
  becomes: string;
  disabled?: boolean;
}

export function NameFields({
  displayField,
  nameField,
  nameError,
  suggestion,
  onUseSuggestion,
  takenBy,
  becomes,
  disabled,
}: NameFieldsProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="Display name"
        placeholder="e.g. Chloé’s narration"
        autoComplete="off"
        hint="Only for you: the name below is derived from it."
        disabled={disabled}
        {...displayField}
      />
      <div>
        <TextField
          label="Name"
          autoComplete="off"
          spellCheck={false}
          placeholder="e.g. chloe_narration"
          hint={`Rule: lowercase letters, digits and underscores, 1 to ${snakeCaseNameMaxLength} characters. Permanent: it becomes ${becomes}.`}
          error={nameError}
          disabled={disabled}
          {...nameField}
        />
        {suggestion && (
          <button
            type="button"
            onClick={onUseSuggestion}
            disabled={disabled}
            className="mt-1 text-xs font-medium text-brand-700 hover:underline dark:text-brand-400"
          >
            Use suggestion <code>{suggestion}</code>
          </button>
        )}
        {takenBy && (
          <p
            role="note"
            className="mt-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-xs text-amber-900 dark:border-amber-800/70 dark:bg-amber-950/40 dark:text-amber-100"
          >
            You already started a job named <code>{takenBy.name}</code> ({takenBy.task_id},{' '}
            {new Date(takenBy.created_at).toLocaleString()}). Names are permanent: the service will
            refuse it.
          </p>
        )}
      </div>
    </div>
  );
}
