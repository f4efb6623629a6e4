import { useCallback, useEffect, useState, type RefObject } from 'react';
import { claimMediaElement } from '../../lib/audio-controller';

export interface MediaPlayback {
  playing: boolean;
  /** Seconds. */
  time: number;
  /** Seconds; 0 until the element knows a finite length. */
  duration: number;
  failed: boolean;
  seek: (seconds: number) => void;
}

/**
 * Playback state as the element reports it through its events, whoever changed it (our
 * buttons, wavesurfer, another player pausing us through the audio controller).
 */
export function useMediaPlayback(mediaRef: RefObject<HTMLMediaElement | null>): MediaPlayback {
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const media = mediaRef.current;
    if (!media) return;
    const readTime = () => setTime(media.currentTime);
    const readDuration = () => setDuration(Number.isFinite(media.duration) ? media.duration : 0);
    const listeners: [string, () => void][] = [
      ['play', () => setPlaying(true)],
      ['pause', () => setPlaying(false)],
      ['ended', () => setPlaying(false)],
      ['timeupdate', readTime],
      ['seeked', readTime],
      ['loadedmetadata', readDuration],
      ['durationchange', readDuration],
      ['loadstart', () => setFailed(false)],
      ['error', () => setFailed(true)],
    ];
    for (const [type, listener] of listeners) media.addEventListener(type, listener);
    const unclaim = claimMediaElement(media);
    return () => {
      for (const [type, listener] of listeners) media.removeEventListener(type, listener);
      unclaim();
    };
  }, [mediaRef]);

  const seek = useCallback(
    (seconds: number) => {
      const media = mediaRef.current;
      if (!media) return;
      media.currentTime = seconds;
      // Shown at once: 'seeked' only arrives after the browser has found the new position.
      setTime(seconds);
    },
    [mediaRef],
  );

  return { playing, time, duration, failed, seek };
}
