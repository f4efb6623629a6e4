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
// heaviest part of the page's code and of its first render, and only needed once someone
// reaches for the picker: its code loads as someone comes near it, and it mounts when used.
const voicePicker = deferred(() => import('./voice-picker').then((module) => module.VoicePicker));

/** The voice picker, drawn closed, and made searchable once a pointer, finger or focus reaches it. */
export function DeferredVoicePicker(props: VoicePickerProps) {
  return (
    <DeferredField
      code={voicePicker}
      placeholder={(wake) => <ClosedVoicePicker {...props} onWake={wake} />}
    >
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
  onWake,
}: VoicePickerProps & { onWake: () => void }) {
  const selected = voices.find((voice) => voice.voice_id === value) ?? null;
  return (
    <ClosedPicker
      label="Voice"
      value={voiceInputText(value, selected ?? undefined)}
      placeholder={voiceSearchHint(loading)}
      inputClassName={voiceInputClass}
      invalid={Boolean(error)}
      onWake={onWake}
      description={
        <p className={voiceSummaryClass}>{voiceSummary(selected, loading, voices.length)}</p>
      }
      error={error && <p className={voiceErrorClass}>{error}</p>}
    >
      {loadError && <VoiceLoadError message={loadError} onRetry={onRetry} />}
      {selected ? (
        <VoicePreview voice={selected} nonce={null} />
      ) : (
        loading && <VoicePreviewPlaceholder />
      )}
    </ClosedPicker>
  );
}
