import type { UseFormRegisterReturn } from 'react-hook-form';
import type { DatasetSource } from '../form-values';

const labels: Record<DatasetSource, string> = {
  local: 'Local files',
  url: 'Zip URL',
  file_id: 'Uploaded file ID',
};

/** Where the dataset comes from, as a segmented control of radios. */
export function SourceChoice({
  field,
  disabled,
}: {
  field: UseFormRegisterReturn<'source'>;
  disabled?: boolean;
}) {
  return (
    <fieldset disabled={disabled}>
      <legend className="text-sm font-medium">Dataset source</legend>
      <div className="mt-1 inline-flex flex-wrap rounded-lg border border-zinc-300 bg-white p-0.5 dark:border-zinc-700 dark:bg-zinc-900">
        {(Object.keys(labels) as DatasetSource[]).map((value) => (
          <label
            key={value}
            className="cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium text-zinc-600 has-checked:bg-brand-600 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-1 has-focus-visible:outline-brand-500 dark:text-zinc-300"
          >
            <input type="radio" value={value} className="sr-only" {...field} />
            {labels[value]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
