import type { HTMLAttributes, KeyboardEvent, PointerEvent } from 'react';
import { formatDuration } from '../../lib/format-duration';
import { isPlayPauseKey, seekTargetForKey, seekValueText } from './seek-keys';

export interface SeekSliderState {
  /** Accessible name of the slider, e.g. "Seek Preview of Aria". */
  name: string;
  /** Seconds. */
  time: number;
  /** Seconds; 0 while unknown: the slider is then disabled for seeking. */
  duration: number;
  playing: boolean;
  loading?: boolean;
  onSeek: (seconds: number) => void;
  /** Space plays or pauses; absent where the slider only seeks. */
  onTogglePlay?: () => void;
}

/** Tenths of a second: enough for a screen reader's exact value and for tests that compare positions. */
const tenths = (seconds: number) => Math.round(seconds * 10) / 10;

/**
 * The props that make an element a waveform slider (WAI-ARIA slider pattern): focusable,
 * position and length in seconds, arrows ±1 s, Shift+arrows and Page Up/Down ±10 s,
 * Home/End, Space to play or pause, click or drag to seek.
 *
 * Play state is part of the value text ("…, playing" / "…, paused") because Space is pressed
 * on the slider: a screen reader announces the changed value of the focused control, while
 * the Play button's changed label, elsewhere, would go unheard.
 */
export function useSeekSlider({
  name,
  time,
  duration,
  playing,
  loading = false,
  onSeek,
  onTogglePlay,
}: SeekSliderState): HTMLAttributes<HTMLElement> {
  const known = duration > 0;

  function seekFromPointer(event: PointerEvent<HTMLElement>) {
    const rect = event.currentTarget.getBoundingClientRect();
    if (!known || rect.width <= 0) return;
    const ratio = Math.min(1, Math.max(0, (event.clientX - rect.left) / rect.width));
    onSeek(ratio * duration);
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.target !== event.currentTarget || event.altKey || event.ctrlKey || event.metaKey)
      return;
    if (isPlayPauseKey(event.key) && onTogglePlay) {
      event.preventDefault(); // Space would otherwise scroll the page
      onTogglePlay();
      return;
    }
    const target = seekTargetForKey(event.key, time, duration, event.shiftKey);
    if (target === null) return;
    event.preventDefault(); // arrows, Page Up/Down and Home/End would otherwise scroll the page
    onSeek(target);
  }

  const state = playing ? 'playing' : time > 0 ? 'paused' : 'idle';
  return {
    role: 'slider',
    tabIndex: 0,
    'aria-label': name,
    'aria-valuemin': 0,
    'aria-valuemax': tenths(duration),
    'aria-valuenow': tenths(Math.min(time, known ? duration : time)),
    'aria-valuetext': seekValueText(
      formatDuration(time),
      known ? formatDuration(duration) : null,
      state,
    ),
    'aria-disabled': known || onTogglePlay ? undefined : true,
    'aria-busy': loading || undefined,
    onKeyDown,
    onPointerDown: (event) => event.button === 0 && seekFromPointer(event),
    onPointerMove: (event) => event.buttons === 1 && seekFromPointer(event),
  };
}
