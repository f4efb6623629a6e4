import { useId, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import type { MediaAccept } from '../tool-fields';
import type { UploadFn } from '../use-file-upload';
import { MediaInput, type MediaLoadState } from './media-input';

export interface UrlListInputProps {
  field: {
    name: string;
    label: string;
    required: boolean;
    hint?: string;
    accept: MediaAccept;
    min: number;
    max: number;
  };
  value: string[];
  onChange: (urls: string[]) => void;
  onBlur?: () => void;
  /** An error about the list as a whole (too few, too many). */
  error?: string;
  /** Errors about single rows, by index. */
  rowErrors?: readonly (string | undefined)[];
  upload: UploadFn;
  /**
   * Each row's load state, by index. After a row is removed the rows below it report again
   * under their new index, and the index past the end reports 'empty'.
   */
  onLoadState?: (index: number, state: MediaLoadState) => void;
}

const addLabels: Record<MediaAccept, string> = {
  image: 'Add image',
  video: 'Add video',
  audio: 'Add audio',
  'image-or-audio': 'Add URL',
  'image-or-video': 'Add URL',
  any: 'Add URL',
};

/** A list of media URLs, each typed or uploaded and previewed, between `min` and `max` rows. */
export function UrlListInput({
  field,
  value,
  onChange,
  onBlur,
  error,
  rowErrors,
  upload,
  onLoadState,
}: UrlListInputProps) {
  const id = useId();
  // An empty list still shows one row to type into; a required list shows `min`.
  const minRows = Math.max(1, field.min);
  const rows =
    value.length >= minRows
      ? value
      : [...value, ...Array.from({ length: minRows - value.length }, () => '')];

  // Stable keys, so removing a row does not hand its upload or preview to the next one.
  const nextKey = useRef(0);
  const [keys, setKeys] = useState<string[]>([]);
  const newKey = () => `${id}-row-${nextKey.current++}`;
  const rowKey = (index: number) => keys[index] ?? `${id}-initial-${index}`;
  const states = useRef(new Map<string, MediaLoadState>());

  const add = () => {
    setKeys([...rows.map((_, index) => rowKey(index)), newKey()]);
    onChange([...rows, '']);
  };

  const remove = (removed: number) => {
    const remaining = rows.map((_, index) => rowKey(index)).filter((_, i) => i !== removed);
    states.current.delete(rowKey(removed));
    setKeys(remaining);
    onChange(rows.filter((_, index) => index !== removed));
    // The rows below moved up: tell the form what now sits at each index.
    for (let index = removed; index < remaining.length; index++) {
      onLoadState?.(index, states.current.get(remaining[index]!) ?? 'empty');
    }
    onLoadState?.(remaining.length, 'empty');
  };

  const countId = `${id}-count`;
  const hintId = field.hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;

  return (
    <fieldset aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}>
      <legend className="text-sm font-medium">
        {field.label}
        {field.required && (
          <span aria-hidden="true" className="ml-1 font-normal text-zinc-500 dark:text-zinc-400">
            (required)
          </span>
        )}
      </legend>
      {field.hint && (
        <p id={hintId} className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
          {field.hint}
        </p>
      )}
      <ol className="mt-2 space-y-3">
        {rows.map((url, index) => {
          const key = rowKey(index);
          const label = `${field.label} ${index + 1}`;
          return (
            <li key={key} className="flex items-start gap-2">
              <div className="min-w-0 flex-1">
                <MediaInput
                  field={{
                    name: `${field.name}.${index}`,
                    label,
                    required: index < field.min,
                    accept: field.accept,
                  }}
                  value={url}
                  onChange={(next) => onChange(rows.map((row, i) => (i === index ? next : row)))}
                  onBlur={onBlur}
                  error={rowErrors?.[index]}
                  upload={upload}
                  onLoadState={(state) => {
                    states.current.set(key, state);
                    onLoadState?.(index, state);
                  }}
                />
              </div>
              <Button
                variant="secondary"
                className="mt-6 px-2.5"
                aria-label={`Remove ${label}`}
                title={`Remove ${label}`}
                disabled={rows.length <= minRows}
                onClick={() => remove(index)}
              >
                <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
                  <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
                </svg>
              </Button>
            </li>
          );
        })}
      </ol>
      <div className="mt-3 flex items-center gap-3">
        <Button
          variant="secondary"
          disabled={rows.length >= field.max}
          aria-describedby={countId}
          onClick={add}
        >
          {addLabels[field.accept]}
        </Button>
        <span id={countId} className="text-xs text-zinc-500 tabular-nums dark:text-zinc-400">
          {rows.length} of {field.max}
        </span>
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-xs font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  );
}
