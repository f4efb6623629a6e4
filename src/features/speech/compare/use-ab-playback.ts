import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { audioController, type AudioOwner } from '../../../lib/audio-controller';
import { switchPosition, type Side } from './compare-model';

export interface AbPlayback {
  /** The take heard. */
  listening: Side;
  /** Whether the take heard is playing. */
  playing: boolean;
  /** Seconds into the take heard. */
  time: number;
  /** Seconds; 0 while unknown. */
  durations: Record<Side, number>;
  failed: Record<Side, boolean>;
  togglePlay: () => void;
  /** Moves both takes, so either continues from here. */
  seek: (seconds: number) => void;
  /** Switches to the other take at the same position, still playing if it was. */
  listenTo: (side: Side) => void;
}

const lengthOf = (media: HTMLMediaElement) =>
  Number.isFinite(media.duration) ? media.duration : 0;

/**
 * One transport over two <audio> elements: only the take listened to plays; the other waits
 * at the same position. Both together take one slot of the app's "one audio at a time" rule.
 */
export function useAbPlayback(media: Record<Side, RefObject<HTMLAudioElement | null>>): AbPlayback {
  const [listening, setListening] = useState<Side>('A');
  const listeningRef = useRef<Side>('A');
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [durations, setDurations] = useState<Record<Side, number>>({ A: 0, B: 0 });
  const [failed, setFailed] = useState<Record<Side, boolean>>({ A: false, B: false });
  const element = useCallback((side: Side) => media[side].current, [media]);
  const pair = useMemo<AudioOwner>(
    () => ({ pause: () => (['A', 'B'] as const).forEach((side) => element(side)?.pause()) }),
    [element],
  );

  useEffect(() => {
    const cleanups = (['A', 'B'] as const).map((side) => {
      const el = element(side);
      if (!el) return () => {};
      const heard = () => side === listeningRef.current;
      const readPlaying = () => {
        const current = element(listeningRef.current);
        setPlaying(Boolean(current && !current.paused && !current.ended));
        const bothStopped = (['A', 'B'] as const).every((s) => element(s)?.paused ?? true);
        if (bothStopped) audioController.release(pair);
      };
      const listeners: [string, () => void][] = [
        ['play', () => (audioController.claim(pair), readPlaying())],
        ['pause', readPlaying],
        ['ended', readPlaying],
        ['timeupdate', () => heard() && setTime(el.currentTime)],
        ['seeked', () => heard() && setTime(el.currentTime)],
        ['loadedmetadata', () => setDurations((d) => ({ ...d, [side]: lengthOf(el) }))],
        ['durationchange', () => setDurations((d) => ({ ...d, [side]: lengthOf(el) }))],
        ['loadstart', () => setFailed((f) => ({ ...f, [side]: false }))],
        ['error', () => setFailed((f) => ({ ...f, [side]: true }))],
      ];
      for (const [type, listener] of listeners) el.addEventListener(type, listener);
      return () => {
        for (const [type, listener] of listeners) el.removeEventListener(type, listener);
      };
    });
    return () => {
      cleanups.forEach((cleanup) => cleanup());
      pair.pause();
      audioController.release(pair);
    };
  }, [element, pair]);

  const togglePlay = useCallback(() => {
    const heard = element(listeningRef.current);
    if (!heard) return;
    if (!heard.paused) pair.pause();
    else startPlayback(heard);
  }, [element, pair]);

  const seek = useCallback(
    (seconds: number) => {
      for (const side of ['A', 'B'] as const) {
        const el = element(side);
        if (el) el.currentTime = switchPosition(seconds, lengthOf(el));
      }
      const heard = element(listeningRef.current);
      // Shown at once: 'seeked' only arrives after the browser has found the new position.
      setTime(heard ? switchPosition(seconds, lengthOf(heard)) : seconds);
    },
    [element],
  );

  const listenTo = useCallback(
    (side: Side) => {
      const fromSide = listeningRef.current;
      const from = element(fromSide);
      const to = element(side);
      if (side === fromSide || !from || !to) return;
      const position = switchPosition(from.currentTime, lengthOf(to));
      to.currentTime = position;
      listeningRef.current = side;
      setListening(side);
      setTime(position);
      if (from.paused) return;
      // No gap: the take switched from keeps playing until the other is heard, then stops
      // (unless the listener has already switched back to it).
      const handOver = () => {
        if (listeningRef.current !== fromSide) from.pause();
      };
      Promise.resolve(to.play()).then(handOver, () => from.pause());
    },
    [element],
  );

  return { listening, playing, time, durations, failed, togglePlay, seek, listenTo };
}

/** From the click or key press, so the browser counts it as user-initiated; failures show as events. */
function startPlayback(el: HTMLMediaElement) {
  Promise.resolve(el.play()).catch(() => {});
}
