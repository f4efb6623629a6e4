import { useId, useLayoutEffect, type InputHTMLAttributes, type ReactNode } from 'react';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: ReactNode;
  error?: string;
}

/** A labelled input whose hint and error are tied to it for screen readers. */
export function TextField({ label, hint, error, className, autoFocus, ...input }: TextFieldProps) {
  const id = useId();
  // Focused as it enters the page, in either runtime (see lib/focus-on-mount); by id, as the
  // input's ref is the form's.
  useLayoutEffect(() => {
    if (autoFocus) document.getElementById(id)?.focus();
    // Once, as the autofocus attribute is read once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        className="mt-1 block min-h-11 w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm shadow-xs md:min-h-0 placeholder:text-zinc-400 aria-invalid:border-red-500 dark:border-zinc-700 dark:bg-zinc-900"
        {...input}
      />
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-xs font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
