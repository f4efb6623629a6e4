import clsx from 'clsx';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  formatLoudness,
  isSwitchKey,
  otherSide,
  sides,
  volumeForGain,
  type Side,
} from './compare-model';
import type { ComparedTake } from './compared-take';
import { CompareTransport } from './compare-transport';
import { CompareWaveforms } from './compare-waveforms';
import { sideColors } from './side-colors';
import { LoudnessMatch } from './loudness-match';
import { useAbPlayback } from './use-ab-playback';
import { useCompareAudio } from './use-compare-audio';

interface ComparePanelProps {
  takes: Record<Side, ComparedTake>;
  onClose: () => void;
}

/**
 * A/B listening of two takes: both waveforms on one time scale, one transport, and a switch
 * (the radios, or X anywhere in the region) that jumps to the other take at the same moment,
 * both played at the same loudness unless "Match loudness" is off.
 */
export function ComparePanel({ takes, onClose }: ComparePanelProps) {
  const titleId = useId();
  const mediaA = useRef<HTMLAudioElement>(null);
  const mediaB = useRef<HTMLAudioElement>(null);
  const media = useMemo(() => ({ A: mediaA, B: mediaB }), []);
  const playback = useAbPlayback(media);
  const audio = useCompareAudio(takes);
  const [matching, setMatching] = useState(true);
  const { gains } = audio;
  const region = useRef<HTMLElement>(null);

  // The pair was just chosen, often far down the history: the compare comes into view (the
  // focus stays on the box just ticked).
  useEffect(() => {
    const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    region.current?.scrollIntoView?.({ block: 'nearest', behavior: smooth ? 'smooth' : 'auto' });
  }, []);

  // A cut through the element's volume, not a Web Audio gain: matching to the quieter take
  // never needs a boost, cannot clip, and works for cross-origin audio, which a
  // MediaElementAudioSourceNode would turn to silence without CORS headers.
  useEffect(() => {
    for (const side of sides) {
      setVolume(media[side].current, matching && gains ? volumeForGain(gains[side]) : 1);
    }
  }, [media, matching, gains]);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (!isSwitchKey(event)) return;
    event.preventDefault();
    playback.listenTo(otherSide(playback.listening));
  }

  return (
    <section
      ref={region}
      // One compare per page: the id lets a link or a check (e2e's axe run) find it.
      id="compare-takes"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      className="space-y-3 rounded-xl border border-zinc-200 bg-zinc-50 p-3 sm:p-4 dark:border-zinc-800 dark:bg-zinc-950/40"
    >
      <div className="flex items-start justify-between gap-2">
        <div>
          <h3 id={titleId} className="text-sm font-semibold">
            Compare takes
          </h3>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">
            Tick “Compare” on another take to hear it against take B instead.
          </p>
        </div>
        <button
          type="button"
          onClick={onClose}
          className="min-h-11 rounded-lg px-3 py-1 text-sm font-medium text-zinc-700 hover:bg-zinc-200 md:min-h-0 dark:text-zinc-200 dark:hover:bg-zinc-800"
        >
          Stop comparing
        </button>
      </div>
      <ul aria-label="Compared takes" className="space-y-1.5">
        {sides.map((side) => (
          <li key={side} className="flex min-w-0 gap-2 text-sm">
            <span
              aria-hidden="true"
              className={clsx(
                'mt-1.5 size-2.5 shrink-0 rounded-full bg-(--wave)',
                sideColors[side],
              )}
            />
            <p className="min-w-0">
              <span className="font-semibold">Take {side}</span>
              {' · '}
              <span className="font-medium">{takes[side].voice}</span>
              {audio.loudness[side] !== undefined && (
                <span className="text-zinc-500 tabular-nums dark:text-zinc-400">
                  {' · '}
                  {formatLoudness(audio.loudness[side])}
                </span>
              )}
              <span className="block break-words text-zinc-600 dark:text-zinc-400">
                {takes[side].excerpt}
              </span>
              {playback.failed[side] && (
                <span role="alert" className="block text-red-700 dark:text-red-400">
                  Could not load take {side}.
                </span>
              )}
            </p>
          </li>
        ))}
      </ul>
      <audio ref={mediaA} aria-label="Take A" preload="none" />
      <audio ref={mediaB} aria-label="Take B" preload="none" />
      <CompareWaveforms takes={takes} sources={audio.sources} media={media} playback={playback} />
      <CompareTransport playback={playback} />
      <LoudnessMatch loudness={audio} matching={matching} onMatchingChange={setMatching} />
    </section>
  );
}

function setVolume(el: HTMLMediaElement | null, volume: number) {
  if (el) el.volume = volume;
}
