import { deferred } from '../../../components/deferred';
import { ClosedPicker } from '../../../components/form/closed-picker';
import { DeferredField } from '../../../components/form/deferred-field';
import type { VoicePickerProps } from './voice-picker';
import {
  VoiceLoadError,
  VoicePreview,
  VoicePreviewPlaceholder,
  voiceErrorClass,
  voiceInputClass,
  voiceSummaryClass,
} from './voice-summary';
import { voiceInputText, voiceSearchHint, voiceSummary } from './voice-text';

// The searchable list's library (positioning, virtual lists, focus handling) is the
// heaviest part of the page's code, and only needed once someone reaches for the picker.
const voicePicker = deferred(() => import('./voice-picker').then((module) => module.VoicePicker));

/** The voice picker, drawn closed at once and made searchable as soon as its code is in. */
export function DeferredVoicePicker(props: VoicePickerProps) {
  return (
    <DeferredField preload={voicePicker.preload} placeholder={<ClosedVoicePicker {...props} />}>
      <voicePicker.Component {...props} />
    </DeferredField>
  );
}

function ClosedVoicePicker({
  voices,
  loading,
  value,
  error,
  loadError,
  onRetry,
}: VoicePickerProps) {
  const selected = voices.find((voice) => voice.voice_id === value) ?? null;
  return (
    <ClosedPicker
      label="Voice"
      value={voiceInputText(value, selected ?? undefined)}
      placeholder={voiceSearchHint(loading)}
      inputClassName={voiceInputClass}
      invalid={Boolean(error)}
      onWake={voicePicker.preload}
    >
      <p className={voiceSummaryClass}>{voiceSummary(selected, loading, voices.length)}</p>
      {error && <p className={voiceErrorClass}>{error}</p>}
      {loadError && <VoiceLoadError message={loadError} onRetry={onRetry} />}
      {selected ? (
        <VoicePreview voice={selected} nonce={null} />
      ) : (
        loading && <VoicePreviewPlaceholder />
      )}
    </ClosedPicker>
  );
}
