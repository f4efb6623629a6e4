import { useId, type Ref, type TextareaHTMLAttributes } from 'react';
import { countCharacters, speechTextMaxLength } from '../speech-form-values';
import { formatCount } from '../../../lib/format-number';

interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  /** The text as typed, for the live count against the service's limit. */
  text: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** The text to speak, with its length against the limit; hint and error tied to it like TextField. */
export function TextArea({ label, error, text, ref, ...textarea }: TextAreaProps) {
  const id = useId();
  const countId = `${id}-count`;
  const errorId = `${id}-error`;
  const length = countCharacters(text);
  const tooLong = length > speechTextMaxLength;
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="block text-sm font-medium">
          {label}
        </label>
        <span
          id={countId}
          className={
            tooLong
              ? 'text-xs font-medium text-red-600 tabular-nums dark:text-red-400'
              : 'text-xs text-zinc-500 tabular-nums dark:text-zinc-400'
          }
        >
          {formatCount(length)} / {formatCount(speechTextMaxLength)} characters
        </span>
      </div>
      <textarea
        id={id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${countId} ${errorId}` : countId}
        className="mt-1 block w-full resize-y rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm shadow-xs placeholder:text-zinc-400 aria-invalid:border-red-500 dark:border-zinc-700 dark:bg-zinc-900"
        {...textarea}
      />
      {error && (
        <p id={errorId} className="mt-1 text-xs font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
