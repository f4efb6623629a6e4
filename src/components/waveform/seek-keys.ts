/** Arrow keys move by this much: a word or two, so a listener can re-hear a spot precisely. */
export const seekStepSeconds = 1;

/** Shift+arrows and Page Up/Down move by this much: about a sentence (WAI-ARIA slider pattern). */
export const seekBigStepSeconds = 10;

/**
 * Where a key press on a seek slider should go, or null when the key is not a seek key.
 * Right/Up go forward and Left/Down back, as the WAI-ARIA slider pattern has it.
 */
export function seekTargetForKey(
  key: string,
  time: number,
  duration: number,
  shiftKey = false,
): number | null {
  if (!(duration > 0)) return null;
  const step = shiftKey ? seekBigStepSeconds : seekStepSeconds;
  const clamp = (seconds: number) => Math.min(duration, Math.max(0, seconds));
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return clamp(time + step);
    case 'ArrowLeft':
    case 'ArrowDown':
      return clamp(time - step);
    case 'PageUp':
      return clamp(time + seekBigStepSeconds);
    case 'PageDown':
      return clamp(time - seekBigStepSeconds);
    case 'Home':
      return 0;
    case 'End':
      return duration;
    default:
      return null;
  }
}

/** Space on a focused waveform plays or pauses it, as on a media player's own controls. */
export function isPlayPauseKey(key: string): boolean {
  return key === ' ' || key === 'Spacebar';
}

/** The slider's spoken value: position and length, and whether it plays ("0:07 of 0:21, playing"). */
export function seekValueText(
  position: string,
  length: string | null,
  state: 'playing' | 'paused' | 'idle',
): string {
  const base = `${position} of ${length ?? 'unknown length'}`;
  return state === 'idle' ? base : `${base}, ${state}`;
}
