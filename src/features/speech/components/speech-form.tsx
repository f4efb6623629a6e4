import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { speechFormats, speedBounds } from '../../../api/contract/speech-options';
import type { Voice } from '../../../api/contract/voices';
import { Button } from '../../../components/button';
import { ShortcutForm } from '../../../components/form/shortcut-form';
import { usePreloadWhenUsed } from '../../../components/deferred';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import {
  speechFieldLabels,
  speechFields,
  type SpeechField,
  type SpeechFormValues,
} from '../speech-form-values';
import { useDebouncedSave } from '../use-debounced-save';
import { ChoiceGroup } from '../../../components/form/choice-group';
import { SampleRateSelect } from './sample-rate-select';
import { TextArea } from './text-area';
import { DeferredVoicePicker } from './deferred-voice-picker';

const formatLabels = { mp3: 'MP3', wav: 'WAV', ogg: 'Ogg' } as const;
const modeOptions = [
  { value: 'sync', label: 'Sync', hint: 'Wait for the audio' },
  { value: 'async', label: 'Async', hint: 'Queue a task and poll it' },
] as const;
/** Saving on every keystroke would write localStorage dozens of times a second. */
const draftDelayMs = 400;
const resolver = lazyZodResolver(
  () => import('../speech-form-schema').then((m) => m.speechFormSchema),
  speechFieldLabels,
);

interface SpeechFormProps {
  defaultValues: SpeechFormValues;
  voices: Voice[];
  voicesLoading: boolean;
  voicesError?: string;
  onRetryVoices?: () => void;
  defaultVoiceId?: string;
  onSubmit: (values: SpeechFormValues) => void;
  onDraftChange: (values: SpeechFormValues) => void;
  onVoiceChange?: (voiceId: string) => void;
  pending: boolean;
  pendingLabel?: string;
  /** Messages the last failed request tied to fields. */
  serverErrors?: Partial<Record<SpeechField, string>>;
}

export function SpeechForm({
  defaultValues,
  voices,
  voicesLoading,
  voicesError,
  onRetryVoices,
  defaultVoiceId,
  onSubmit,
  onDraftChange,
  onVoiceChange,
  pending,
  pendingLabel = 'Synthesizing…',
  serverErrors,
}: SpeechFormProps) {
  const { register, handleSubmit, control, formState, setError, setValue, getValues, clearErrors } =
    useForm<SpeechFormValues>({ resolver, defaultValues });
  // A submit while the catalog is still on its way (a new install renders its previews first):
  // it goes once the default voice is known, with that voice, the one the picker shows.
  const [awaitingVoices, setAwaitingVoices] = useState(false);
  usePreloadWhenUsed(resolver.preload);
  const values = useWatch({ control }) as SpeechFormValues;
  const errors = formState.errors;
  const speedId = useId();
  useDebouncedSave(values, onDraftChange, draftDelayMs);

  // No voice yet (no URL voice, no draft): the catalog's default voice, once it is known. An
  // earlier complaint that there was no voice no longer holds.
  useEffect(() => {
    if (!defaultVoiceId || getValues('voice_id')) return;
    setValue('voice_id', defaultVoiceId);
    clearErrors('voice_id');
  }, [defaultVoiceId, getValues, setValue, clearErrors]);

  useEffect(() => {
    for (const field of speechFields) {
      const message = serverErrors?.[field];
      if (message) setError(field, { type: 'server', message }, { shouldFocus: false });
    }
  }, [serverErrors, setError]);

  const validateAndSend = handleSubmit(onSubmit);
  // Told the catalog's default voice (none if the catalog failed) once the catalog settles.
  const catalogSettled = useRef<((defaultVoice: string | undefined) => void) | null>(null);
  useEffect(() => {
    if (!voicesLoading) catalogSettled.current?.(defaultVoiceId);
  }, [voicesLoading, defaultVoiceId]);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    let voice = defaultVoiceId;
    if (!getValues('voice_id') && !voice && voicesLoading) {
      setAwaitingVoices(true);
      voice = await new Promise<string | undefined>((settle) => (catalogSettled.current = settle));
      catalogSettled.current = null;
      setAwaitingVoices(false);
    }
    // Without a voice of its own the form goes with the default, the voice the picker shows;
    // with none (the catalog failed) it says which field is missing.
    if (!getValues('voice_id') && voice) setValue('voice_id', voice);
    await validateAndSend();
  };

  const asyncMode = values.mode === 'async';
  const speed = Number.isFinite(values.speed) ? values.speed : speedBounds.default;

  return (
    <ShortcutForm
      submit={submit}
      pending={pending || awaitingVoices}
      aria-label="Speech"
      className="space-y-5"
    >
      <TextArea
        label="Text"
        rows={6}
        placeholder="What should the voice say?"
        text={values.text ?? ''}
        error={errors.text?.message}
        {...register('text')}
      />

      <Controller
        control={control}
        name="voice_id"
        render={({ field, fieldState }) => (
          <DeferredVoicePicker
            voices={voices}
            loading={voicesLoading}
            loadError={voicesError}
            onRetry={onRetryVoices}
            // The catalog's default shows from the render the list arrives in, not one render
            // later when the effect above writes it in: a picker without a voice for a moment
            // drops its preview row, and everything below it jumps up and back.
            value={field.value || defaultVoiceId || ''}
            onChange={(voiceId) => {
              field.onChange(voiceId);
              onVoiceChange?.(voiceId);
            }}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />

      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <div className="flex items-baseline justify-between">
            <label htmlFor={speedId} className="block text-sm font-medium">
              Speed
            </label>
            <output htmlFor={speedId} className="text-sm tabular-nums">
              {speed.toFixed(2)}×
            </output>
          </div>
          <input
            id={speedId}
            type="range"
            min={speedBounds.min}
            max={speedBounds.max}
            step={0.05}
            disabled={asyncMode}
            aria-invalid={errors.speed ? true : undefined}
            aria-valuetext={`${speed.toFixed(2)} times`}
            aria-describedby={errors.speed ? `${speedId}-hint ${speedId}-error` : `${speedId}-hint`}
            className="mt-2 block w-full accent-brand-600 disabled:opacity-50"
            {...register('speed', { valueAsNumber: true })}
          />
          <p id={`${speedId}-hint`} className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
            {asyncMode
              ? 'Async tasks speak at normal speed: the async endpoint takes no speed.'
              : `${speedBounds.min}× to ${speedBounds.max}×`}
          </p>
          {errors.speed && (
            <p
              id={`${speedId}-error`}
              className="mt-1 text-xs font-medium text-red-600 dark:text-red-400"
            >
              {errors.speed.message}
            </p>
          )}
        </div>

        <SampleRateSelect
          error={errors.sample_rate?.message}
          {...register('sample_rate', { valueAsNumber: true })}
        />
      </div>

      <div className="grid gap-5 sm:grid-cols-2">
        <ChoiceGroup
          legend="Format"
          error={errors.format?.message}
          options={speechFormats.map((format) => ({ value: format, label: formatLabels[format] }))}
          {...register('format')}
        />
        <ChoiceGroup legend="Mode" options={modeOptions} {...register('mode')} />
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={pending || awaitingVoices}>
          {awaitingVoices ? 'Loading voices…' : pending ? pendingLabel : 'Synthesize'}
        </Button>
        <span className="text-xs text-zinc-500 dark:text-zinc-400">
          or press <kbd className="font-sans">Ctrl</kbd>+<kbd className="font-sans">Enter</kbd>
        </span>
      </div>
    </ShortcutForm>
  );
}
