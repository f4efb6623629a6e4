import type { KeyboardEvent, PointerEvent, Ref } from 'react';
import { formatDuration } from '../../lib/format-duration';
import { seekTargetForKey } from './seek-keys';
import { WaveformPlaceholder } from './waveform-placeholder';

interface SeekSliderProps {
  label: string;
  time: number;
  /** 0 while unknown: the slider is then disabled. */
  duration: number;
  height: number;
  loading: boolean;
  /** False until wavesurfer has drawn the real waveform into `waveformRef`. */
  drawn: boolean;
  waveformRef: Ref<HTMLDivElement>;
  onSeek: (seconds: number) => void;
}

// The canvas and the placeholder read these, so both follow the theme without JavaScript.
const themeColors =
  '[--wave-progress:var(--color-brand-600,#4f46e5)] [--wave:var(--color-zinc-300,#d4d4d8)] dark:[--wave-progress:var(--color-brand-500,#6366f1)] dark:[--wave:var(--color-zinc-600,#52525b)]';

/** The waveform as a slider: click or drag to seek, arrows ±5 s, Home/End. */
export function SeekSlider({
  label,
  time,
  duration,
  height,
  loading,
  drawn,
  waveformRef,
  onSeek,
}: SeekSliderProps) {
  function seekFromPointer(event: PointerEvent<HTMLDivElement>) {
    const rect = event.currentTarget.getBoundingClientRect();
    if (duration <= 0 || rect.width <= 0) return;
    const ratio = Math.min(1, Math.max(0, (event.clientX - rect.left) / rect.width));
    onSeek(ratio * duration);
  }

  function seekFromKey(event: KeyboardEvent<HTMLDivElement>) {
    const target = seekTargetForKey(event.key, time, duration);
    if (target === null) return;
    event.preventDefault(); // arrows and Home/End would otherwise scroll the page
    onSeek(target);
  }

  const known = duration > 0;
  return (
    <div
      role="slider"
      tabIndex={0}
      aria-label={`Seek ${label}`}
      aria-valuemin={0}
      aria-valuemax={Math.floor(duration)}
      aria-valuenow={Math.floor(time)}
      aria-valuetext={`${formatDuration(time)} of ${known ? formatDuration(duration) : 'unknown length'}`}
      aria-disabled={known ? undefined : true}
      aria-busy={loading || undefined}
      onKeyDown={seekFromKey}
      onPointerDown={(event) => event.button === 0 && seekFromPointer(event)}
      onPointerMove={(event) => event.buttons === 1 && seekFromPointer(event)}
      style={{ height }}
      className={`relative min-w-0 flex-1 touch-none rounded-sm ${known ? 'cursor-pointer' : ''} ${themeColors}`}
    >
      <div ref={waveformRef} className="absolute inset-0" />
      {!drawn && (
        <WaveformPlaceholder
          seed={label}
          progress={known ? time / duration : 0}
          pulsing={loading}
        />
      )}
    </div>
  );
}
