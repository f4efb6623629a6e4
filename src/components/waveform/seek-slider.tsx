import type { Ref } from 'react';
import { useSeekSlider } from './use-seek-slider';
import { WaveformPlaceholder } from './waveform-placeholder';

interface SeekSliderProps {
  label: string;
  time: number;
  /** 0 while unknown: the slider then does not seek. */
  duration: number;
  height: number;
  loading: boolean;
  /** False until wavesurfer has drawn the real waveform into `waveformRef`. */
  drawn: boolean;
  waveformRef: Ref<HTMLDivElement>;
  onSeek: (seconds: number) => void;
  playing?: boolean;
  /** Space on the focused slider plays or pauses. */
  onTogglePlay?: () => void;
}

// The canvas and the placeholder read these, so both follow the theme without JavaScript.
export const waveThemeColors =
  '[--wave-progress:var(--color-brand-600,#4f46e5)] [--wave:var(--color-zinc-300,#d4d4d8)] dark:[--wave-progress:var(--color-brand-500,#6366f1)] dark:[--wave:var(--color-zinc-600,#52525b)]';

/** The waveform as a slider: click or drag to seek, keys as in useSeekSlider, Space plays. */
export function SeekSlider({
  label,
  time,
  duration,
  height,
  loading,
  drawn,
  waveformRef,
  onSeek,
  playing = false,
  onTogglePlay,
}: SeekSliderProps) {
  const slider = useSeekSlider({
    name: `Seek ${label}`,
    time,
    duration,
    playing,
    loading,
    onSeek,
    onTogglePlay,
  });
  const known = duration > 0;
  return (
    <div
      {...slider}
      style={{ height }}
      className={`relative min-w-0 flex-1 touch-none rounded-sm ${known ? 'cursor-pointer' : ''} ${waveThemeColors}`}
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
