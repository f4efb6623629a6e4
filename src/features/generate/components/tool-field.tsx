import { useId } from 'react';
import { TextField } from '../../../components/form/text-field';
import type { FieldValue, ToolFieldSpec } from '../tool-fields';
import type { UploadFn } from '../use-file-upload';
import { MediaInput, type MediaLoadState } from './media-input';
import { UrlListInput } from './url-list-input';

export interface ToolFieldProps {
  field: ToolFieldSpec;
  value: FieldValue;
  onChange: (value: FieldValue) => void;
  onBlur: () => void;
  error?: string;
  upload: UploadFn;
  /** `name` for one URL, `name.index` for a row of a list. */
  onLoadState: (key: string, state: MediaLoadState) => void;
}

const asText = (value: FieldValue) => (Array.isArray(value) ? (value[0] ?? '') : value);

/** One input of the selected tool, as the control its kind calls for. */
export function ToolField({
  field,
  value,
  onChange,
  onBlur,
  error,
  upload,
  onLoadState,
}: ToolFieldProps) {
  const label = field.required ? `${field.label} (required)` : field.label;
  switch (field.kind) {
    case 'media':
      return (
        <MediaInput
          field={field}
          value={asText(value)}
          onChange={onChange}
          onBlur={onBlur}
          error={error}
          upload={upload}
          onLoadState={(state) => onLoadState(field.name, state)}
        />
      );
    case 'url-list':
      return (
        <UrlListInput
          field={field}
          value={Array.isArray(value) ? value : [value]}
          onChange={onChange}
          onBlur={onBlur}
          error={error}
          upload={upload}
          onLoadState={(index, state) => onLoadState(`${field.name}.${index}`, state)}
        />
      );
    case 'number':
      return (
        <TextField
          label={field.unit ? `${label}, ${field.unit}` : label}
          type="number"
          inputMode={field.integer ? 'numeric' : 'decimal'}
          min={field.min}
          max={field.max}
          step={field.step}
          placeholder="Service default"
          hint={field.hint}
          error={error}
          value={asText(value)}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
      );
    case 'select':
      return (
        <SelectField
          label={label}
          field={field}
          value={asText(value)}
          onChange={onChange}
          error={error}
        />
      );
    default:
      return (
        <TextField
          label={label}
          placeholder={field.placeholder}
          hint={field.hint}
          error={error}
          value={asText(value)}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
      );
  }
}

function SelectField({
  label,
  field,
  value,
  onChange,
  error,
}: {
  label: string;
  field: Extract<ToolFieldSpec, { kind: 'select' }>;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : field.hint ? `${id}-hint` : undefined}
        className="mt-1 block w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm shadow-xs aria-invalid:border-red-500 dark:border-zinc-700 dark:bg-zinc-900"
      >
        <option value="">Service default</option>
        {field.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {field.hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
          {field.hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
