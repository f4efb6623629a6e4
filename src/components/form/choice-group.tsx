import { useId, type InputHTMLAttributes, type Ref } from 'react';

interface ChoiceGroupProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  legend: string;
  options: readonly { value: string; label: string; hint?: string }[];
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

/** Radios shown as a segmented control; takes what `register(name)` returns. */
export function ChoiceGroup({ legend, options, error, ref, ...input }: ChoiceGroupProps) {
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="mt-1 flex rounded-lg border border-zinc-300 bg-white p-0.5 dark:border-zinc-700 dark:bg-zinc-900">
        {options.map((option) => (
          <label
            key={option.value}
            title={option.hint}
            className="flex min-h-11 flex-1 cursor-pointer items-center justify-center rounded-md px-2 py-1.5 text-center sm:px-3 text-sm font-medium md:min-h-0 text-zinc-600 has-checked:bg-brand-600 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-1 has-focus-visible:outline-brand-500 dark:text-zinc-300"
          >
            <input
              type="radio"
              value={option.value}
              ref={ref}
              aria-invalid={error ? true : undefined}
              className="sr-only"
              {...input}
            />
            {option.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-xs font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
