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
  // Two paths (played, not played) rather than a <rect> per bar: a catalog grid mounts a few
  // of these per scrolled row, and 72 SVG elements each made scrolling 10k voices stutter.
  const played = Math.ceil(Math.max(0, Math.min(1, progress)) * barCount);
  const bars = (from: number, to: number) =>
    peaks
      .slice(from, to)
      .map((peak, i) => {
        const height = Math.round(peak * 1000) / 10;
        return `M${(from + i) * 3} ${(100 - height) / 2}h2v${height}h-2z`;
      })
      .join('');
  return (
    <svg
      aria-hidden="true"
      data-testid="waveform-placeholder"
      viewBox={`0 0 ${barCount * 3} 100`}
      preserveAspectRatio="none"
      className={clsx(
        'absolute inset-0 h-full w-full',
        pulsing && 'motion-safe:animate-placeholder',
      )}
    >
      {played > 0 && <path d={bars(0, played)} className="fill-(--wave-progress)" />}
      {played < barCount && <path d={bars(played, barCount)} className="fill-(--wave)" />}
    </svg>
  );
}
