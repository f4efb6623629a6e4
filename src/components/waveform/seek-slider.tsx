import type { Ref } from 'react';
import { waveThemeClass } from './theme-colors';
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
      className={`relative min-w-0 flex-1 touch-none rounded-sm ${known ? 'cursor-pointer' : ''} ${waveThemeClass}`}
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
