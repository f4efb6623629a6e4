import { useId } from 'react';
import type { ControllerRenderProps } from 'react-hook-form';
import { RecordClipButton } from '../../../components/recorder/record-clip-button';
import type { KeptRecording } from '../../../components/recorder/use-kept-recording';
import { keepRecording } from '../../../lib/recordings-store';
import type { ExtendFormValues } from '../extend-form-schema';
import { ReferenceTrim } from './reference-trim';

interface ReferenceFileFieldProps {
  field: ControllerRenderProps<ExtendFormValues, 'file'>;
  error?: string | undefined;
  /** Whether the reference is a recording kept in this browser, and what to do when it changes. */
  recording: KeptRecording;
  /** The file input, for the form to show a recording in it (see showFileInInput). */
  inputRef: (input: HTMLInputElement | null) => void;
  disabled: boolean;
}

/** The local reference: a file chosen, or recorded here, and trimmed if need be. */
export function ReferenceFileField({
  field,
  error,
  recording,
  inputRef,
  disabled,
}: ReferenceFileFieldProps) {
  const fileId = useId();
  const errorId = useId();
  const hintId = useId();
  return (
    <div>
      <label htmlFor={fileId} className="block text-sm font-medium">
        Reference audio file
      </label>
      <input
        id={fileId}
        type="file"
        accept="audio/*"
        name={field.name}
        ref={(input) => {
          field.ref(input);
          inputRef(input);
        }}
        onBlur={field.onBlur}
        onChange={(event) => {
          recording.dropped();
          field.onChange(event.target.files?.[0] ?? null);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        className="mt-1 block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-brand-700 dark:file:bg-zinc-800 dark:file:text-zinc-100"
      />
      <p id={hintId} className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
        {recording.recording && recording.recording === field.value
          ? `${recording.recording.name}: recorded here, kept in this browser until an extend uses it.`
          : 'Uploaded as an audio input when you extend.'}
      </p>
      <div className="mt-2">
        <RecordClipButton
          purpose="extend"
          disabled={disabled}
          onKeep={(kept) => {
            recording.kept(kept);
            field.onChange(kept);
          }}
        />
      </div>
      {field.value && (
        <ReferenceTrim
          file={field.value}
          disabled={disabled}
          onTrimmed={(trimmed) => {
            // A trimmed recording replaces its kept copy: a reload brings back the cut.
            if (recording.recording === field.value) {
              void keepRecording('extend', trimmed).catch(() => {});
              recording.kept(trimmed);
            }
            field.onChange(trimmed);
          }}
        />
      )}
      {error && (
        <p id={errorId} className="mt-1 text-xs font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
