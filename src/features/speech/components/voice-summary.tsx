import type { Voice } from '../../../api/contract/voices';
import { WaveformPlayer } from '../../../components/waveform/waveform-player';

/** The voice picker's look, shared by the picker and its stand-in while the picker loads. */
export const voiceInputClass =
  'block min-h-11 w-full rounded-lg border border-zinc-300 bg-white py-2 pr-9 pl-3 text-sm shadow-xs placeholder:text-zinc-400 aria-invalid:border-red-500 dark:border-zinc-700 dark:bg-zinc-900 md:min-h-0';
// Two lines held (most voices' descriptions take one or two), so the form below stays put when
// the catalog arrives and the loading line becomes the chosen voice's description.
export const voiceSummaryClass = 'mt-1 min-h-8 text-xs text-zinc-500 dark:text-zinc-400';
const previewRowClass =
  'mt-2 flex items-center gap-3 rounded-lg bg-zinc-50 py-1 pr-2 pl-3 dark:bg-zinc-800/60';
const previewLabel = (
  <span className="shrink-0 text-xs font-medium text-zinc-500 dark:text-zinc-400">Preview</span>
);
export const voiceErrorClass = 'mt-1 text-xs font-medium text-red-600 dark:text-red-400';

export function VoiceLoadError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <p className="mt-1 text-xs text-red-600 dark:text-red-400">
      The voice catalog could not be loaded: {message}{' '}
      {onRetry && (
        <button type="button" onClick={onRetry} className="font-medium underline">
          Retry
        </button>
      )}
    </p>
  );
}

/**
 * The chosen (or previewed) voice's sample. `nonce` is set when a preview was asked for:
 * it plays at once, and each new nonce starts it again from the beginning.
 */
export function VoicePreview({ voice, nonce }: { voice: Voice; nonce: number | null }) {
  return (
    <div className={previewRowClass}>
      {previewLabel}
      <WaveformPlayer
        key={`${voice.voice_id}-${nonce ?? 0}`}
        src={voice.audio_url}
        label={`${voice.name} preview`}
        loadOn={nonce !== null ? 'mount' : 'play'}
        autoPlay={nonce !== null}
        compact
        height={32}
        className="min-w-0 flex-1"
      />
    </div>
  );
}

/**
 * The preview's place while the catalog loads, as tall as the compact player (its button and
 * its 32 px waveform), so the form below does not move when the default voice comes in.
 */
export function VoicePreviewPlaceholder() {
  return (
    <div className={previewRowClass} aria-hidden="true">
      {previewLabel}
      <div className="flex min-w-0 flex-1 items-center gap-2">
        <span className="size-8 shrink-0 rounded-full bg-zinc-200 max-md:size-11 dark:bg-zinc-700" />
        <span className="h-8 min-w-0 flex-1 rounded-sm bg-zinc-100 dark:bg-zinc-800" />
      </div>
    </div>
  );
}
