import { Fragment, useState } from 'react';
import { formatDuration } from '../../lib/format-duration';
import { WaveformPlayer } from './waveform-player';

export interface TimelineSegment {
  src: string | Blob;
  label: string;
}

interface WaveformTimelineProps {
  segments: TimelineSegment[];
  /** Accessible name of the whole timeline, e.g. "Reference and continuation". */
  label: string;
}

/**
 * Clips laid end to end (a reference and its continuation): each segment's width follows its
 * duration once measured, a marker shows each join, and each segment plays on its own.
 */
export function WaveformTimeline({ segments, label }: WaveformTimelineProps) {
  // Keyed by source, not position, so a replaced clip is measured again.
  const [durations, setDurations] = useState(() => new Map<string | Blob, number>());
  const measured = segments.map((segment) => durations.get(segment.src) ?? 0);
  const total = measured.reduce((sum, seconds) => sum + seconds, 0);
  const allMeasured = measured.every((seconds) => seconds > 0);

  function remember(src: string | Blob, seconds: number) {
    setDurations((previous) => new Map(previous).set(src, seconds));
  }

  return (
    <div role="group" aria-label={label} className="space-y-2">
      <div className="flex items-stretch overflow-x-auto pb-1">
        {segments.map((segment, index) => (
          <Fragment key={index}>
            {index > 0 && (
              <JoinMarker before={segments[index - 1]?.label ?? ''} after={segment.label} />
            )}
            <div
              // Equal shares until measured; min-w keeps a short clip's controls usable.
              style={{ flexGrow: measured[index] || 1, flexBasis: 0 }}
              className="min-w-40 rounded-lg border border-zinc-200 bg-white p-2 dark:border-zinc-800 dark:bg-zinc-900"
            >
              <WaveformPlayer
                src={segment.src}
                label={segment.label}
                compact
                height={40}
                onReady={(seconds) => remember(segment.src, seconds)}
              />
              <p className="mt-1 flex justify-between gap-2 text-xs text-zinc-600 dark:text-zinc-400">
                <span className="truncate font-medium">{segment.label}</span>
                <span className="tabular-nums">
                  {measured[index] ? formatDuration(measured[index]) : 'Measuring…'}
                </span>
              </p>
            </div>
          </Fragment>
        ))}
      </div>
      {allMeasured && segments.length > 1 && (
        <p className="text-xs text-zinc-600 tabular-nums dark:text-zinc-400">
          Total {formatDuration(total)}
        </p>
      )}
    </div>
  );
}

function JoinMarker({ before, after }: { before: string; after: string }) {
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={`Join: ${before} ends, ${after} begins`}
      title={`${before} → ${after}`}
      className="mx-2 flex shrink-0 flex-col items-center"
    >
      <span aria-hidden="true" className="size-2 rotate-45 bg-brand-600 dark:bg-brand-500" />
      <span aria-hidden="true" className="w-0.5 flex-1 bg-brand-600 dark:bg-brand-500" />
    </div>
  );
}
