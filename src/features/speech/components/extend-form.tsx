import { useEffect, useRef } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { voiceExtendFormats } from '../../../api/contract/speech-options';
import { Button } from '../../../components/button';
import { ShortcutForm } from '../../../components/form/shortcut-form';
import { TextField } from '../../../components/form/text-field';
import { usePreloadWhenUsed } from '../../../components/deferred';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { extendDefaults, extendFieldLabels, type ExtendFormValues } from '../extend-form-values';
import type { ReferenceSource } from '../queries';
import { ChoiceGroup } from '../../../components/form/choice-group';
import { showFileInInput } from '../../../components/recorder/show-file-in-input';
import { useKeptRecording } from '../../../components/recorder/use-kept-recording';
import { ReferenceCheck, type ReferenceCheckState } from './reference-check';
import { ReferenceFileField } from './reference-file-field';
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
const resolver = lazyZodResolver(
  () => import('../extend-form-schema').then((m) => m.extendFormSchema),
  extendFieldLabels,
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
  usePreloadWhenUsed(resolver.preload);
  const errors = formState.errors;
  const [source, url, file, text] = useWatch({ control, name: ['source', 'url', 'file', 'text'] });
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
              <ReferenceFileField
                field={field}
                error={fieldState.error?.message}
                recording={recording}
                inputRef={(input) => {
                  fileInput.current = input;
                }}
                disabled={pending}
              />
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
