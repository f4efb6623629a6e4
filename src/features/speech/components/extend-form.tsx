import { useEffect, useId, useRef } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { voiceExtendFormats } from '../../../api/contract/speech-options';
import { Button } from '../../../components/button';
import { ShortcutForm } from '../../../components/form/shortcut-form';
import { TextField } from '../../../components/form/text-field';
import { usePreloadWhenIdle } from '../../../components/deferred';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { extendDefaults, type ExtendFormValues } from '../extend-form-values';
import type { ReferenceSource } from '../queries';
import { ChoiceGroup } from '../../../components/form/choice-group';
import { RecordClipButton } from '../../../components/recorder/record-clip-button';
import { showFileInInput } from '../../../components/recorder/show-file-in-input';
import { useKeptRecording } from '../../../components/recorder/use-kept-recording';
import { ReferenceCheck, type ReferenceCheckState } from './reference-check';
import { TextArea } from './text-area';

export type ExtendField = 'url' | 'file' | 'text' | 'format';

interface ExtendFormProps {
  onSubmit: (values: ExtendFormValues) => void;
  /** The reference to measure: a valid URL (after typing pauses) or the chosen file. */
  onReferenceChange: (reference: ReferenceSource | null) => void;
  referenceCheck: ReferenceCheckState | null;
  pending: boolean;
  pendingLabel: string;
  serverErrors?: Partial<Record<ExtendField, string>>;
  /** The reference of the last successful extend: a recording is forgotten once used. */
  extendedReference?: Blob | string | null;
}

const sourceOptions = [
  { value: 'url', label: 'URL' },
  { value: 'file', label: 'Local file' },
] as const;
/** Measuring loads the clip's metadata: wait until the URL has stopped changing. */
const measureDelayMs = 500;
const resolver = lazyZodResolver(() =>
  import('../extend-form-schema').then((m) => m.extendFormSchema),
);

export function ExtendForm({
  onSubmit,
  onReferenceChange,
  referenceCheck,
  pending,
  pendingLabel,
  serverErrors,
  extendedReference,
}: ExtendFormProps) {
  const { register, handleSubmit, control, formState, setError, setValue, getValues } =
    useForm<ExtendFormValues>({
      resolver,
      defaultValues: extendDefaults,
    });
  usePreloadWhenIdle(resolver.preload);
  const errors = formState.errors;
  const [source, url, file, text] = useWatch({ control, name: ['source', 'url', 'file', 'text'] });
  const fileId = useId();
  const fileErrorId = useId();
  const fileHintId = useId();
  const fileInput = useRef<HTMLInputElement | null>(null);

  // A recording kept before a reload comes back as the reference, unless one was chosen since.
  const recording = useKeptRecording('extend', (kept) => {
    if (getValues('file')) return false;
    if (!getValues('url').trim()) setValue('source', 'file');
    setValue('file', kept, { shouldDirty: true });
    return true;
  });

  useEffect(() => showFileInInput(fileInput.current, file), [file, source]);

  const { used } = recording;
  useEffect(() => {
    if (extendedReference instanceof File) used(extendedReference);
  }, [extendedReference, used]);

  useEffect(() => {
    if (source === 'file') {
      onReferenceChange(file ? { kind: 'file', file } : null);
      return;
    }
    const trimmed = url.trim();
    if (!URL.canParse(trimmed) || !/^https?:$/.test(new URL(trimmed).protocol)) {
      onReferenceChange(null);
      return;
    }
    const timer = setTimeout(
      () => onReferenceChange({ kind: 'url', url: trimmed }),
      measureDelayMs,
    );
    return () => clearTimeout(timer);
  }, [source, url, file, onReferenceChange]);

  useEffect(() => {
    for (const [field, message] of Object.entries(serverErrors ?? {}))
      if (message)
        setError(field as ExtendField, { type: 'server', message }, { shouldFocus: false });
  }, [serverErrors, setError]);

  const submit = handleSubmit(onSubmit);
  return (
    <ShortcutForm submit={submit} pending={pending} aria-label="Extend voice" className="space-y-5">
      <ChoiceGroup legend="Reference audio" options={sourceOptions} {...register('source')} />
      <div className="space-y-2">
        {source === 'url' ? (
          <TextField
            label="Reference audio URL"
            type="url"
            placeholder="https://…/clip.mp3"
            autoComplete="off"
            spellCheck={false}
            hint="The service fetches this clip: it must be reachable from the service."
            error={errors.url?.message}
            {...register('url')}
          />
        ) : (
          <Controller
            control={control}
            name="file"
            render={({ field, fieldState }) => (
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
                    fileInput.current = input;
                  }}
                  onBlur={field.onBlur}
                  onChange={(event) => {
                    recording.dropped();
                    field.onChange(event.target.files?.[0] ?? null);
                  }}
                  aria-invalid={fieldState.error ? true : undefined}
                  aria-describedby={fieldState.error ? `${fileHintId} ${fileErrorId}` : fileHintId}
                  className="mt-1 block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-brand-700 dark:file:bg-zinc-800 dark:file:text-zinc-100"
                />
                <p id={fileHintId} className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
                  {recording.recording && recording.recording === field.value
                    ? `${recording.recording.name}: recorded here, kept in this browser until an extend uses it.`
                    : 'Uploaded as an audio input when you extend.'}
                </p>
                <div className="mt-2">
                  <RecordClipButton
                    purpose="extend"
                    disabled={pending}
                    onKeep={(kept) => {
                      recording.kept(kept);
                      field.onChange(kept);
                    }}
                  />
                </div>
                {fieldState.error && (
                  <p
                    id={fileErrorId}
                    className="mt-1 text-xs font-medium text-red-600 dark:text-red-400"
                  >
                    {fieldState.error.message}
                  </p>
                )}
              </div>
            )}
          />
        )}
        <ReferenceCheck check={referenceCheck} />
      </div>

      <TextArea
        label="Text to continue with"
        placeholder="What should the voice say next?"
        rows={4}
        text={text}
        error={errors.text?.message}
        {...register('text')}
      />

      <ChoiceGroup
        legend="Format"
        error={errors.format?.message}
        options={voiceExtendFormats.map((format) => ({
          value: format,
          label: format.toUpperCase(),
        }))}
        {...register('format')}
      />

      <Button type="submit" disabled={pending}>
        {pending ? pendingLabel : 'Extend voice'}
      </Button>
    </ShortcutForm>
  );
}
