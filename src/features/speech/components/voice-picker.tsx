import {
  Combobox,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
  Description,
  Field,
  Label,
} from '@headlessui/react';
import { ComboboxToggle } from '../../../components/form/combobox-toggle';
import { useMemo, useState, type MouseEvent } from 'react';
import { languageName } from '../../../api/contract/language-names';
import type { Voice } from '../../../api/contract/voices';
import {
  VoiceLoadError,
  VoicePreview,
  VoicePreviewPlaceholder,
  voiceErrorClass,
  voiceInputClass,
  voiceSummaryClass,
} from './voice-summary';
import { describeVoice, voiceInputText, voiceSearchHint, voiceSummary } from './voice-text';

/** Past this many matches the list asks for a narrower search instead of rendering thousands. */
const shownLimit = 100;

export interface VoicePickerProps {
  voices: Voice[];
  loading: boolean;
  value: string;
  onChange: (voiceId: string) => void;
  onBlur?: () => void;
  error?: string;
  /** The catalog failed to load: shown under the field, with a way to retry. */
  loadError?: string;
  onRetry?: () => void;
}

function matches(voice: Voice, query: string): boolean {
  const haystack = [
    voice.name,
    voice.voice_id,
    voice.language,
    languageName(voice.language),
    voice.gender,
    ...voice.tags,
  ]
    .join(' ')
    .toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

export function VoicePicker({
  voices,
  loading,
  value,
  onChange,
  onBlur,
  error,
  loadError,
  onRetry,
}: VoicePickerProps) {
  const [query, setQuery] = useState('');
  const [preview, setPreview] = useState<{ voiceId: string; nonce: number } | null>(null);

  const byId = useMemo(() => new Map(voices.map((voice) => [voice.voice_id, voice])), [voices]);
  const selected = byId.get(value) ?? null;
  const filtered = useMemo(
    () => (query ? voices.filter((voice) => matches(voice, query)) : voices),
    [voices, query],
  );
  const shown = filtered.slice(0, shownLimit);
  const previewVoice = (preview && byId.get(preview.voiceId)) ?? selected;

  const playPreview = (event: MouseEvent, voice: Voice) => {
    // The option would select itself on mouse down: a preview is not a choice.
    event.preventDefault();
    event.stopPropagation();
    // A new key each time: pressing preview again plays the clip again from the start.
    setPreview((current) => ({ voiceId: voice.voice_id, nonce: (current?.nonce ?? 0) + 1 }));
  };

  return (
    <Field>
      <Label className="block text-sm font-medium">Voice</Label>
      <Combobox
        value={value}
        onChange={(next: string | null) => {
          if (!next) return;
          setPreview(null);
          onChange(next);
        }}
        onClose={() => setQuery('')}
      >
        <div className="relative mt-1">
          <ComboboxInput
            className={voiceInputClass}
            displayValue={(id: string | null) => voiceInputText(id, id ? byId.get(id) : undefined)}
            onChange={(event) => setQuery(event.target.value)}
            onBlur={onBlur}
            placeholder={voiceSearchHint(loading)}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
          />
          <ComboboxToggle label="Show all voices" />
        </div>
        <ComboboxOptions
          anchor="bottom start"
          className="z-20 max-h-80 w-(--input-width) overflow-y-auto rounded-xl border border-zinc-200 bg-white p-1 shadow-lg [--anchor-gap:4px] empty:invisible dark:border-zinc-700 dark:bg-zinc-900"
        >
          {shown.length === 0 && !loading && (
            <div className="px-3 py-2 text-sm text-zinc-500">No voice matches “{query}”.</div>
          )}
          {shown.map((voice) => (
            <ComboboxOption
              key={voice.voice_id}
              value={voice.voice_id}
              className="group flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm data-focus:bg-brand-50 data-selected:font-semibold dark:data-focus:bg-zinc-800"
            >
              <span className="min-w-0 flex-1">
                <span className="block truncate">
                  {voice.name}
                  {voice.is_default && (
                    <span className="ml-2 rounded bg-zinc-100 px-1.5 py-0.5 text-[11px] font-medium text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
                      default
                    </span>
                  )}
                </span>
                <span className="block truncate text-xs font-normal text-zinc-500 dark:text-zinc-400">
                  {describeVoice(voice)}
                </span>
              </span>
              <button
                type="button"
                tabIndex={-1}
                aria-label={`Preview ${voice.name}`}
                title={`Preview ${voice.name}`}
                onMouseDown={(event) => playPreview(event, voice)}
                onClick={(event) => event.stopPropagation()}
                className="rounded-full border border-zinc-300 p-1.5 text-zinc-600 hover:border-brand-500 hover:text-brand-600 dark:border-zinc-600 dark:text-zinc-300"
              >
                <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-3">
                  <path d="M6.3 2.84A1.5 1.5 0 0 0 4 4.11v11.78a1.5 1.5 0 0 0 2.3 1.27l9.34-5.89a1.5 1.5 0 0 0 0-2.54L6.3 2.84Z" />
                </svg>
              </button>
            </ComboboxOption>
          ))}
          {filtered.length > shownLimit && (
            <div className="px-3 py-2 text-xs text-zinc-500">
              Showing {shownLimit} of {filtered.length}. Type to narrow the list.
            </div>
          )}
        </ComboboxOptions>
      </Combobox>
      {/* Description (not a plain id) so Headless UI ties it to the input's aria-describedby. */}
      <Description className={voiceSummaryClass}>
        {voiceSummary(selected, loading, voices.length)}
      </Description>
      {error && <Description className={voiceErrorClass}>{error}</Description>}
      {loadError && <VoiceLoadError message={loadError} onRetry={onRetry} />}
      {previewVoice ? (
        <VoicePreview voice={previewVoice} nonce={preview?.nonce ?? null} />
      ) : (
        loading && <VoicePreviewPlaceholder />
      )}
    </Field>
  );
}
