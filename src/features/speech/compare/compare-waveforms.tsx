import clsx from 'clsx';
import { useRef, type RefObject } from 'react';
import { useSeekSlider } from '../../../components/waveform/use-seek-slider';
import { WaveformPlaceholder } from '../../../components/waveform/waveform-placeholder';
import { sharedDuration, sides, type Side } from './compare-model';
import type { ComparedTake } from './compared-take';
import { sideColors } from './side-colors';
import type { AbPlayback } from './use-ab-playback';
import { useTakeMedia } from './use-take-media';

const rowHeight = 44;

interface CompareWaveformsProps {
  takes: Record<Side, ComparedTake>;
  /** What each take plays from; null while its bytes download. */
  sources: Record<Side, Blob | string | null>;
  media: Record<Side, RefObject<HTMLAudioElement | null>>;
  playback: AbPlayback;
}

/**
 * Both waveforms stacked on one time scale (a shorter take draws shorter), inside one slider:
 * click, drag or the keys move both takes together, Space plays or pauses the one heard.
 */
export function CompareWaveforms({ takes, sources, media, playback }: CompareWaveformsProps) {
  const duration = sharedDuration(playback.durations);
  const slider = useSeekSlider({
    name: 'Seek compared takes',
    time: playback.time,
    duration,
    playing: playback.playing,
    loading: duration === 0,
    onSeek: playback.seek,
    onTogglePlay: playback.togglePlay,
  });
  return (
    <div
      {...slider}
      className={clsx(
        'relative touch-none space-y-1 rounded-md py-1',
        duration > 0 && 'cursor-pointer',
      )}
    >
      {sides.map((side) => (
        <WaveRow
          key={side}
          side={side}
          take={takes[side]}
          source={sources[side]}
          media={media[side]}
          heard={playback.listening === side}
          share={
            duration > 0 && playback.durations[side] > 0 ? playback.durations[side] / duration : 1
          }
        />
      ))}
      {duration > 0 && (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 w-0.5 -translate-x-1/2 bg-zinc-900 dark:bg-white"
          style={{ left: `${(Math.min(playback.time, duration) / duration) * 100}%` }}
        />
      )}
    </div>
  );
}

interface WaveRowProps {
  side: Side;
  take: ComparedTake;
  source: Blob | string | null;
  media: RefObject<HTMLAudioElement | null>;
  /** The take heard is drawn strong, the other faint. */
  heard: boolean;
  /** Its length as a share of the longer take's. */
  share: number;
}

function WaveRow({ side, take, source, media, heard, share }: WaveRowProps) {
  const container = useRef<HTMLDivElement>(null);
  const { drawn } = useTakeMedia(media, container, source, rowHeight);
  return (
    <div
      className={clsx('relative transition-opacity', sideColors[side], !heard && 'opacity-35')}
      style={{ height: rowHeight, width: `${share * 100}%` }}
    >
      <div ref={container} className="absolute inset-0" />
      {!drawn && <WaveformPlaceholder seed={take.label} progress={0} pulsing={source === null} />}
      <span
        aria-hidden="true"
        className="absolute top-0 left-0 rounded-br-md bg-white/80 px-1 text-xs font-semibold dark:bg-zinc-900/80"
      >
        {side}
      </span>
    </div>
  );
}
