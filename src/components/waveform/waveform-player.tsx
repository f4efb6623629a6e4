import clsx from 'clsx';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { formatDuration } from '../../lib/format-duration';
import { createWaveform, type Waveform } from './create-waveform';
import { openMediaSource, sourceKey } from './media-source';
import { PauseIcon, PlayIcon } from './player-icons';
import { SeekSlider } from './seek-slider';
import { useMediaPlayback } from './use-media-playback';

export interface WaveformPlayerProps {
  /** URL or Blob (a Blob gets an object URL, revoked on change/unmount). */
  src: string | Blob;
  /** Accessible name, e.g. "Preview of Aria". */
  label: string;
  /** Waveform height in px. */
  height?: number;
  /** 'play': nothing is downloaded or decoded until the first Play (catalog cards). */
  loadOn?: 'mount' | 'play';
  autoPlay?: boolean;
  /** Smaller controls for cards. */
  compact?: boolean;
  /** The duration in seconds once known (again if decoding refines it). */
  onReady?: (durationS: number) => void;
  className?: string;
}

/** The one waveform component: one <audio> element, one wavesurfer, one slot in the audio controller. */
export function WaveformPlayer(props: WaveformPlayerProps) {
  // A new source starts from a clean player: no stale time, duration, error or drawing.
  return <Player key={sourceKey(props.src)} {...props} />;
}

function Player({
  src,
  label,
  height = 48,
  loadOn = 'mount',
  autoPlay = false,
  compact = false,
  onReady,
  className,
}: WaveformPlayerProps) {
  const mediaRef = useRef<HTMLAudioElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const [activated, setActivated] = useState(loadOn === 'mount');
  const [drawnDuration, setDrawnDuration] = useState(0);
  const playRequested = useRef(autoPlay);
  const waveform = useRef<Waveform | null>(null);
  const playback = useMediaPlayback(mediaRef);
  const duration = playback.duration || drawnDuration;
  const loading = activated && !playback.failed && duration === 0;

  const creationHeight = useEffectEvent(() => height);
  // Read, not consumed: StrictMode runs the effect twice and the second run must still play.
  // The effect only runs again for a new source, which remounts the player anyway.
  const playWhenAttached = useEffectEvent(() => playRequested.current);

  useEffect(() => {
    const media = mediaRef.current;
    const container = containerRef.current;
    if (!activated || !media || !container) return;
    const source = openMediaSource(src);
    // The element gets the source itself, so playback streams at once (and inside the click
    // that asked for it) instead of waiting for wavesurfer's full download and decode.
    media.preload = 'metadata';
    media.src = source.url;
    waveform.current = createWaveform({
      container,
      media,
      url: source.url,
      height: creationHeight(),
      onDrawn: setDrawnDuration,
    });
    if (playWhenAttached()) startPlayback(media);
    return () => {
      waveform.current?.destroy();
      waveform.current = null;
      if (!media.paused) media.pause();
      media.removeAttribute('src');
      media.preload = 'none';
      source.close();
    };
  }, [activated, src]);

  useEffect(() => waveform.current?.setHeight(height), [height]);

  const reportReady = useEffectEvent((seconds: number) => onReady?.(seconds));
  useEffect(() => {
    if (duration > 0) reportReady(duration);
  }, [duration]);

  function togglePlay() {
    const media = mediaRef.current;
    if (!media) return;
    if (playback.playing) {
      media.pause();
    } else if (!activated) {
      // Loading starts now; the effect plays once the source is attached.
      playRequested.current = true;
      setActivated(true);
    } else {
      startPlayback(media);
    }
  }

  const time = Math.min(playback.time, duration || playback.time);
  const total = duration > 0 ? formatDuration(duration) : '-:--';
  return (
    <div className={clsx('flex min-w-0 items-center', compact ? 'gap-2' : 'gap-3', className)}>
      <audio ref={mediaRef} aria-label={label} preload="none" />
      <button
        type="button"
        onClick={togglePlay}
        disabled={playback.failed}
        aria-label={`${playback.playing ? 'Pause' : 'Play'} ${label}`}
        className={clsx(
          'inline-flex shrink-0 items-center justify-center rounded-full bg-brand-600 text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50',
          // A finger's 44 px on a phone.
          compact ? 'size-8 max-md:size-11' : 'size-10 max-md:size-11',
        )}
      >
        {playback.playing ? (
          <PauseIcon className={compact ? 'size-4' : 'size-5'} />
        ) : (
          <PlayIcon className={compact ? 'size-4' : 'size-5'} />
        )}
      </button>
      <SeekSlider
        label={label}
        time={time}
        duration={duration}
        height={height}
        loading={loading}
        drawn={drawnDuration > 0}
        waveformRef={containerRef}
        onSeek={playback.seek}
        playing={playback.playing}
        onTogglePlay={playback.failed ? undefined : togglePlay}
      />
      {playback.failed ? (
        <p role="alert" className={clsx(statusText(compact), 'text-red-700 dark:text-red-400')}>
          Could not load audio
        </p>
      ) : (
        <p className={clsx(statusText(compact), 'text-zinc-600 dark:text-zinc-400')}>
          {loading ? 'Loading…' : `${formatDuration(time)} / ${total}`}
        </p>
      )}
    </div>
  );
}

function statusText(compact: boolean) {
  return clsx('shrink-0 tabular-nums', compact ? 'text-xs' : 'text-sm');
}

/**
 * Called synchronously from the click (or the effect React runs right after it) so browsers
 * count it as user-initiated. A refused or interrupted play() shows up as the element's own
 * pause/error events, so the rejection itself carries nothing the UI needs.
 */
function startPlayback(media: HTMLMediaElement) {
  Promise.resolve(media.play()).catch(() => {});
}
