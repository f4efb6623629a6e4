import { useEffect, useEffectEvent, useRef, type KeyboardEvent } from 'react';
import { formatDuration } from '../../lib/format-duration';
import { PauseIcon, PlayIcon } from '../waveform/player-icons';
import { isPlayPauseKey, seekTargetForKey, seekValueText } from '../waveform/seek-keys';
import { waveThemeClass } from '../waveform/theme-colors';
import { useMediaPlayback } from '../waveform/use-media-playback';
import { createTrimWaveform, type TrimWaveform as Drawing } from './create-trim-waveform';
import { minTrimLengthS, type TrimRegion } from './trim-region';

interface TrimWaveformProps {
  file: File;
  name: string;
  channels: readonly Float32Array[];
  duration: number;
  region: TrimRegion;
  onRegionChange: (region: TrimRegion) => void;
}

const height = 64;
/**
 * The clip with its region: drag or resize the region, click to seek. The waveform is also a
 * keyboard slider (arrows 1 s, Shift 10 s, Home/End, Space plays the selection), and Play plays
 * the selection only, so what Apply will keep can be heard first.
 */
export function TrimWaveform({
  file,
  name,
  channels,
  duration,
  region,
  onRegionChange,
}: TrimWaveformProps) {
  const mediaRef = useRef<HTMLAudioElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const drawing = useRef<Drawing | null>(null);
  const playback = useMediaPlayback(mediaRef);
  const regionChanged = useEffectEvent(onRegionChange);
  const initialRegion = useEffectEvent(() => region);

  useEffect(() => {
    const media = mediaRef.current;
    const container = containerRef.current;
    if (!media || !container) return;
    const url = URL.createObjectURL(file);
    media.src = url;
    drawing.current = createTrimWaveform({
      container,
      media,
      url,
      channels,
      duration,
      height,
      region: initialRegion(),
      minLength: minTrimLengthS,
      onRegionChange: (next) => regionChanged(next),
    });
    return () => {
      drawing.current?.destroy();
      drawing.current = null;
      if (!media.paused) media.pause();
      media.removeAttribute('src');
      URL.revokeObjectURL(url);
    };
  }, [file, channels, duration]);

  // Sliders and Trim silence move the drawn region; a drag reports back through onRegionChange.
  useEffect(() => drawing.current?.setRegion(region), [region]);

  // Playing the selection stops at its end: checked every frame, not at timeupdate's ~250 ms.
  const end = region.end;
  useEffect(() => {
    const media = mediaRef.current;
    if (!playback.playing || !media) return;
    let frame = requestAnimationFrame(function check() {
      if (media.currentTime >= end) media.pause();
      else frame = requestAnimationFrame(check);
    });
    return () => cancelAnimationFrame(frame);
  }, [playback.playing, end]);

  function togglePlay() {
    const media = mediaRef.current;
    if (!media) return;
    if (playback.playing) {
      media.pause();
      return;
    }
    const time = media.currentTime;
    if (time < region.start || time >= region.end - 0.05) playback.seek(region.start);
    Promise.resolve(media.play()).catch(() => {});
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (isPlayPauseKey(event.key)) {
      event.preventDefault(); // Space would scroll the page
      togglePlay();
      return;
    }
    const target = seekTargetForKey(event.key, playback.time, duration, event.shiftKey);
    if (target === null) return;
    event.preventDefault();
    playback.seek(target);
  }

  const time = Math.min(playback.time, duration);
  return (
    <div className="flex min-w-0 items-center gap-2">
      <audio ref={mediaRef} aria-label={`Selection of ${name}`} preload="auto" />
      <button
        type="button"
        onClick={togglePlay}
        aria-label={playback.playing ? `Pause ${name}` : `Play the selection of ${name}`}
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white hover:bg-brand-700 max-md:size-11"
      >
        {playback.playing ? <PauseIcon className="size-4" /> : <PlayIcon className="size-4" />}
      </button>
      <div
        role="slider"
        tabIndex={0}
        aria-label={`Seek ${name}`}
        aria-valuemin={0}
        aria-valuemax={Math.floor(duration)}
        aria-valuenow={Math.floor(time)}
        aria-valuetext={seekValueText(
          formatDuration(time),
          formatDuration(duration),
          playback.playing ? 'playing' : 'paused',
        )}
        onKeyDown={onKeyDown}
        style={{ height }}
        className={`relative min-w-0 flex-1 rounded-sm bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:bg-zinc-800/50 ${waveThemeClass}`}
      >
        <div ref={containerRef} className="absolute inset-0" />
      </div>
      <p className="shrink-0 text-xs text-zinc-600 tabular-nums dark:text-zinc-400">
        {formatDuration(time)} / {formatDuration(duration)}
      </p>
    </div>
  );
}
