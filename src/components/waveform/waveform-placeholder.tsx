import clsx from 'clsx';
import { useMemo } from 'react';
import { placeholderPeaks } from './placeholder-peaks';

// About the density of the drawn waveform (2 px bars, 1 px gaps) at card widths.
const barCount = 72;

interface WaveformPlaceholderProps {
  seed: string;
  /** 0..1: bars before this point take the progress color, as the real waveform does. */
  progress: number;
  pulsing: boolean;
}

/** Static bars shown until (or instead of) the decoded waveform: pure SVG, no network. */
export function WaveformPlaceholder({ seed, progress, pulsing }: WaveformPlaceholderProps) {
  const peaks = useMemo(() => placeholderPeaks(seed, barCount), [seed]);
  return (
    <svg
      aria-hidden="true"
      data-testid="waveform-placeholder"
      viewBox={`0 0 ${barCount * 3} 100`}
      preserveAspectRatio="none"
      className={clsx('absolute inset-0 h-full w-full', pulsing && 'motion-safe:animate-pulse')}
    >
      {peaks.map((peak, i) => (
        <rect
          key={i}
          x={i * 3}
          y={(100 - peak * 100) / 2}
          width={2}
          height={peak * 100}
          rx={1}
          className={i / barCount < progress ? 'fill-(--wave-progress)' : 'fill-(--wave)'}
        />
      ))}
    </svg>
  );
}
