/** Arrow keys move by this much: long enough to skip a sentence, short enough to re-listen. */
export const seekStepSeconds = 5;

/** Where a key press on the seek slider should go, or null when the key is not a seek key. */
export function seekTargetForKey(key: string, time: number, duration: number): number | null {
  if (!(duration > 0)) return null;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return Math.min(duration, time + seekStepSeconds);
    case 'ArrowLeft':
    case 'ArrowDown':
      return Math.max(0, time - seekStepSeconds);
    case 'Home':
      return 0;
    case 'End':
      return duration;
    default:
      return null;
  }
}
