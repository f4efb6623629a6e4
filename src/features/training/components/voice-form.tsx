import { useEffect, useId, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '../../../components/button';
import { DeferredSetVerdictView } from '../../../components/clip-check/deferred-clip-check';
import type { SetViewClip } from '../../../components/clip-check/set-verdict-view';
import type { TrackedJob } from '../../../lib/tracked-jobs';
import { usePreloadWhenUsed } from '../../../components/deferred';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import {
  trainingFieldLabels,
  urlLines,
  voiceFormDefaults,
  type VoiceFormValues,
} from '../form-values';
import { recommendations } from '../recommendations';
import { useNameSuggestion } from '../use-name-suggestion';
import { LocalClipsField } from './local-clips-field';
import { NameFields } from './name-fields';
import { FieldError } from './notes';
import { UrlClipList, type UrlClipView } from './url-clip-list';
import type { ClipView } from './voice-clip-card';

export type VoiceField = 'name' | 'urls' | 'clips';

interface VoiceFormProps {
  onSubmit: (values: VoiceFormValues) => void;
  pending: boolean;
  pendingLabel: string;
  serverErrors: Partial<Record<VoiceField, string>>;
  /** The clips and URLs as they change, so the page can measure them. */
  onClipsChange: (files: File[]) => void;
  onUrlsChange: (urls: string[]) => void;
  clipView: (file: File) => ClipView;
  urlClips: readonly UrlClipView[];
  /** The whole set (local clips with their reports, URL clips with their length). */
  clipSet: readonly SetViewClip[];
  /** Some clips are still being measured. */
  measuring: boolean;
  takenBy: (name: string) => TrackedJob | null;
  /** A refusal of the whole start (a budget spent), shown above the submit. */
  refusal?: ReactNode;
  /** Values to open with (a stopped start opened again); empty fields by default. */
  initial?: VoiceFormValues;
}

const { count, seconds } = recommendations.voice;
/** Measuring loads each URL's metadata: wait until the list has stopped changing. */
const measureDelayMs = 600;
const resolver = lazyZodResolver(
  () => import('../form-schemas').then((m) => m.voiceFormSchema),
  trainingFieldLabels,
);

export function VoiceForm(props: VoiceFormProps) {
  const { onSubmit, pending, pendingLabel, serverErrors, onClipsChange, onUrlsChange } = props;
  const { register, handleSubmit, control, formState, setError, setValue, getValues } =
    useForm<VoiceFormValues>({
      resolver,
      defaultValues: props.initial ?? voiceFormDefaults,
      mode: 'onChange',
    });
  usePreloadWhenUsed(resolver.preload);
  const errors = formState.errors;
  const [displayName, name, urls, clips] = useWatch({
    control,
    name: ['display_name', 'name', 'urls', 'clips'],
  });
  const naming = useNameSuggestion(displayName, name, (value) =>
    setValue('name', value, { shouldValidate: true, shouldDirty: true }),
  );
  const urlsId = useId();

  useEffect(() => onClipsChange(clips), [clips, onClipsChange]);
  useEffect(() => {
    const timer = setTimeout(
      () => onUrlsChange(urlLines(urls).filter((u) => URL.canParse(u))),
      measureDelayMs,
    );
    return () => clearTimeout(timer);
  }, [urls, onUrlsChange]);
  useEffect(() => {
    for (const [field, message] of Object.entries(serverErrors))
      if (message)
        setError(field as VoiceField, { type: 'server', message }, { shouldFocus: true });
  }, [serverErrors, setError]);

  const setClips = (next: File[]) =>
    setValue('clips', next, { shouldValidate: true, shouldDirty: true });

  return (
    <form
      onSubmit={(event) => {
        if (pending) event.preventDefault();
        else void handleSubmit(onSubmit)(event);
      }}
      noValidate
      aria-label="Train a custom voice"
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
        becomes="the voice_id for speech"
        disabled={pending}
      />

      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold">Reference clips</legend>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          Recommended: {count.min} to {count.max} clips of {seconds.min} to {seconds.max} s each,
          clean speech with a consistent room tone. URLs and local files can be mixed.
        </p>
        <div>
          <label htmlFor={urlsId} className="block text-sm font-medium">
            Clip URLs
          </label>
          <textarea
            id={urlsId}
            rows={3}
            spellCheck={false}
            placeholder={'https://…/clip-1.wav\nhttps://…/clip-2.mp3'}
            aria-invalid={errors.urls ? true : undefined}
            aria-describedby={errors.urls ? `${urlsId}-error` : `${urlsId}-hint`}
            disabled={pending}
            className="mt-1 block w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 font-mono text-xs shadow-xs placeholder:text-zinc-400 aria-invalid:border-red-500 dark:border-zinc-700 dark:bg-zinc-900"
            {...register('urls')}
          />
          <p id={`${urlsId}-hint`} className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
            One per line. The service fetches them, so they must be reachable from it.
          </p>
          <FieldError id={`${urlsId}-error`}>{errors.urls?.message}</FieldError>
          <div className="mt-2">
            <UrlClipList clips={props.urlClips} />
          </div>
        </div>
        <LocalClipsField
          clips={clips}
          onChange={setClips}
          currentClips={() => getValues('clips')}
          clipView={props.clipView}
          error={errors.clips?.message}
          disabled={pending}
        />
        <DeferredSetVerdictView clips={props.clipSet} measuring={props.measuring} />
      </fieldset>

      {props.refusal}
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={pending}>
          {pending ? pendingLabel : 'Start voice training'}
        </Button>
      </div>
    </form>
  );
}
