import clsx from 'clsx';
import { useId, useRef, useState, type DragEvent } from 'react';
import { FieldError } from './notes';

interface FileDropProps {
  label: string;
  /** What to drop, e.g. "mp3 or wav tracks, or one .zip". */
  description: string;
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  error?: string;
  onFiles: (files: File[]) => void;
}

/** A drop zone over a real file input: drag and drop, or click to browse; the input keeps the label. */
export function FileDrop({
  label,
  description,
  accept,
  multiple = true,
  disabled,
  error,
  onFiles,
}: FileDropProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    const files = [...event.dataTransfer.files];
    if (files.length > 0) onFiles(multiple ? files : files.slice(0, 1));
  };

  return (
    // `group`: the focus lands on the visually hidden input, so the zone shows its ring.
    <div className="group">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <div
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        onClick={() => input.current?.click()}
        className={clsx(
          'mt-1 flex cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed px-4 py-6 text-center text-sm transition-colors',
          'group-has-[input:focus-visible]:outline-2 group-has-[input:focus-visible]:outline-offset-2 group-has-[input:focus-visible]:outline-brand-500',
          over
            ? 'border-brand-500 bg-brand-50 dark:bg-brand-700/20'
            : error
              ? 'border-red-400 dark:border-red-700'
              : 'border-zinc-300 hover:border-brand-400 dark:border-zinc-700 dark:hover:border-brand-500',
          disabled && 'cursor-not-allowed opacity-60',
        )}
      >
        <span aria-hidden="true" className="text-2xl text-brand-600 dark:text-brand-400">
          ⇪
        </span>
        <span className="font-medium text-zinc-800 dark:text-zinc-100">
          Drop files here, or{' '}
          <span className="text-brand-700 underline dark:text-brand-400">browse</span>
        </span>
        <span className="text-xs text-zinc-500 dark:text-zinc-400">{description}</span>
      </div>
      <input
        ref={input}
        id={id}
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="sr-only"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Cleared so picking the same file again still fires a change.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}
