import { useEffect, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/form/text-field';
import type { TrackedJob } from '../../../lib/tracked-jobs';
import { usePreloadWhenUsed } from '../../../components/deferred';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { isZip, loraFormDefaults, trainingFieldLabels, type LoraFormValues } from '../form-values';
import type { UploadState } from '../use-uploads';
import { DatasetSummary, type DatasetView } from './dataset-summary';
import { FileDrop } from './file-drop';
import { NameFields } from './name-fields';
import { SourceChoice } from './source-choice';
import { UploadProgress } from './upload-progress';
import { useNameSuggestion } from '../use-name-suggestion';

export type LoraField = 'name' | 'dataset';

const copy = {
  music: {
    title: 'Train a music LoRA',
    becomes: 'the lora_name on music generation',
    filesLabel: 'Tracks',
    describe: 'mp3 or wav tracks (zipped in your browser), or one ready-made .zip',
    accept: 'audio/mpeg,audio/wav,audio/x-wav,.mp3,.wav,.zip,application/zip',
    submit: 'Start music LoRA training',
  },
  video: {
    title: 'Train a video LoRA',
    becomes: 'the lora_name on video generation',
    filesLabel: 'Clips',
    describe: 'mp4 or mov clips (zipped in your browser), or one ready-made .zip',
    accept: 'video/mp4,video/quicktime,.mp4,.mov,.zip,application/zip',
    submit: 'Start video LoRA training',
  },
} as const;

const resolver = lazyZodResolver(
  () => import('../form-schemas').then((m) => m.loraFormSchema),
  trainingFieldLabels,
);

interface LoraFormProps {
  form: 'music' | 'video';
  /** A file id handed over from Files (?dataset=). */
  initialFileId?: string;
  onSubmit: (values: LoraFormValues) => void;
  pending: boolean;
  pendingLabel: string;
  serverErrors: Partial<Record<LoraField, string>>;
  onFilesChange: (files: File[]) => void;
  dataset: DatasetView | null;
  upload?: UploadState;
  takenBy: (name: string) => TrackedJob | null;
  /** A refusal of the whole start (a budget spent), shown above the submit. */
  refusal?: ReactNode;
  /** Values to open with (a stopped start opened again); the defaults otherwise. */
  initial?: LoraFormValues;
}

export function LoraForm(props: LoraFormProps) {
  const { form, initialFileId, onSubmit, pending, serverErrors, onFilesChange } = props;
  const text = copy[form];
  const { register, handleSubmit, control, formState, setError, setValue, getValues } =
    useForm<LoraFormValues>({
      resolver,
      defaultValues: props.initial ?? loraFormDefaults(initialFileId),
      mode: 'onChange',
    });
  usePreloadWhenUsed(resolver.preload);
  const errors = formState.errors;
  const [displayName, name, source, files] = useWatch({
    control,
    name: ['display_name', 'name', 'source', 'files'],
  });
  const naming = useNameSuggestion(displayName, name, (value) =>
    setValue('name', value, { shouldValidate: true, shouldDirty: true }),
  );

  // A later hand-over from Files (same page, new ?dataset=) replaces the typed id.
  useEffect(() => {
    if (!initialFileId || getValues('file_id') === initialFileId) return;
    setValue('source', 'file_id');
    setValue('file_id', initialFileId, { shouldValidate: true });
  }, [initialFileId, getValues, setValue]);
  useEffect(() => onFilesChange(files), [files, onFilesChange]);
  useEffect(() => {
    for (const [field, message] of Object.entries(serverErrors)) {
      if (!message) continue;
      // `dataset: …` belongs to whichever source is chosen.
      const target =
        field === 'dataset' ? (source === 'local' ? 'files' : source) : (field as 'name');
      setError(target, { type: 'server', message }, { shouldFocus: true });
    }
    // Only a new answer from the service sets errors, not a change of source.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serverErrors, setError]);

  const setFiles = (next: File[]) =>
    setValue('files', next, { shouldValidate: true, shouldDirty: true });
  const addFiles = (added: File[]) => {
    // A zip is the whole dataset: it replaces loose files, and loose files replace a zip.
    const zip = added.find(isZip);
    if (zip) setFiles([zip]);
    else setFiles([...files.filter((file) => !isZip(file)), ...added]);
  };
  const single = files.length === 1 && files[0] && isZip(files[0]);

  return (
    <form
      onSubmit={(event) => {
        if (pending) event.preventDefault();
        else void handleSubmit(onSubmit)(event);
      }}
      noValidate
      aria-label={text.title}
      className="space-y-6"
    >
      <NameFields
        displayField={register('display_name', {
          onChange: (event) => naming.onDisplayNameChange(event.target.value),
        })}
        nameField={register('name', {
          onChange: (event) => naming.onNameChange(event.target.value),
        })}
        nameError={errors.name?.message}
        suggestion={naming.suggestion}
        onUseSuggestion={naming.useSuggestion}
        takenBy={props.takenBy(name)}
        becomes={text.becomes}
        disabled={pending}
      />

      <div className="space-y-4">
        <SourceChoice field={register('source')} disabled={pending} />
        {source === 'url' && (
          <TextField
            label="Dataset zip URL"
            type="url"
            placeholder="https://…/dataset.zip"
            autoComplete="off"
            spellCheck={false}
            hint="A zip archive the service can fetch."
            error={errors.url?.message}
            disabled={pending}
            {...register('url')}
          />
        )}
        {source === 'file_id' && (
          <TextField
            label="Dataset file ID"
            autoComplete="off"
            spellCheck={false}
            placeholder="file_…"
            hint="The file_id of a zip uploaded before (see Files)."
            error={errors.file_id?.message}
            disabled={pending}
            {...register('file_id')}
          />
        )}
        {source === 'local' && (
          <>
            <FileDrop
              label={text.filesLabel}
              description={text.describe}
              accept={text.accept}
              disabled={pending}
              error={errors.files?.message}
              onFiles={addFiles}
            />
            {props.dataset && (
              <DatasetSummary
                form={form}
                view={props.dataset}
                disabled={pending}
                onRemove={
                  single ? undefined : (index) => setFiles(files.filter((_, i) => i !== index))
                }
              />
            )}
            {files.length > 0 && (
              <div className="flex items-center justify-between gap-3 text-xs text-zinc-500 dark:text-zinc-400">
                <span>
                  Uploaded as <code>{name || 'name'}-dataset.zip</code> (purpose general) when you
                  start.
                </span>
                <button
                  type="button"
                  onClick={() => setFiles([])}
                  disabled={pending}
                  className="font-medium text-zinc-600 hover:underline dark:text-zinc-300"
                >
                  Clear all
                </button>
              </div>
            )}
            {props.upload && <UploadProgress upload={props.upload} />}
          </>
        )}
      </div>

      {props.refusal}
      <Button type="submit" disabled={pending}>
        {pending ? props.pendingLabel : text.submit}
      </Button>
    </form>
  );
}
