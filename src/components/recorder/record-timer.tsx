import clsx from 'clsx';
import { durationS } from '../../lib/audio/clip-thresholds';
import { formatDuration } from '../../lib/format-duration';
import { maxRecordingS } from './use-recording-clock';

interface RecordTimerProps {
  elapsedS: number;
  /** Before the first second, during the recording, or the finished take's length. */
  phase: 'ready' | 'recording' | 'recorded';
}

/** Elapsed time against the recommended length: "0:07 / 5–30 s", coloured and worded outside it. */
export function RecordTimer({ elapsedS, phase }: RecordTimerProps) {
  const short = elapsedS < durationS.goodFrom;
  const long = elapsedS > durationS.goodTo;
  const recording = phase === 'recording';
  const note =
    phase === 'ready'
      ? 'recommended length'
      : short
        ? recording
          ? 'keep going'
          : 'shorter than recommended'
        : long
          ? recording
            ? `longer than recommended; stops at ${formatDuration(maxRecordingS)}`
            : 'longer than recommended'
          : 'good length';
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
      <span
        role="timer"
        className={clsx(
          'font-mono text-lg font-semibold tabular-nums',
          phase === 'ready'
            ? 'text-zinc-700 dark:text-zinc-200'
            : short || long
              ? 'text-amber-700 dark:text-amber-300'
              : 'text-emerald-700 dark:text-emerald-400',
        )}
      >
        {formatDuration(elapsedS)} / {durationS.goodFrom}–{durationS.goodTo} s
      </span>
      <span className="text-xs text-zinc-600 dark:text-zinc-400">{note}</span>
    </p>
  );
}
