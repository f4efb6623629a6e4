/** The part of a clip to keep, in seconds from its start. */
export interface TrimRegion {
  start: number;
  end: number;
}

/** Shorter than this is no clip at all: the edges may not come closer together. */
export const minTrimLengthS = 0.5;
/** Arrow keys move an edge by a tenth of a second (about a syllable); Shift by a whole second. */
export const trimStepS = 0.1;
export const trimShiftStepS = 1;

export type TrimHandle = 'start' | 'end' | 'position';

/** Milliseconds are enough, and rounding keeps repeated 0.1 s steps from drifting. */
const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The shortest region the clip allows: the whole clip when it is shorter than the minimum. */
function minLength(duration: number) {
  return Math.min(minTrimLengthS, duration);
}

/** Moves one handle to `target` seconds (for position: the region's new start), within bounds. */
export function moveHandle(
  region: TrimRegion,
  handle: TrimHandle,
  target: number,
  duration: number,
): TrimRegion {
  const min = minLength(duration);
  if (handle === 'start') return { ...region, start: round(clamp(target, 0, region.end - min)) };
  if (handle === 'end')
    return { ...region, end: round(clamp(target, region.start + min, duration)) };
  const length = region.end - region.start;
  const start = round(clamp(target, 0, duration - length));
  return { start, end: round(start + length) };
}

/** Where a handle goes for a key press, or null when the key does not move it. */
export function regionForKey(
  region: TrimRegion,
  handle: TrimHandle,
  key: string,
  shiftKey: boolean,
  duration: number,
): TrimRegion | null {
  if (!(duration > 0)) return null;
  const value = handle === 'end' ? region.end : region.start;
  const step = shiftKey ? trimShiftStepS : trimStepS;
  let target: number;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      target = value + step;
      break;
    case 'ArrowLeft':
    case 'ArrowDown':
      target = value - step;
      break;
    case 'PageUp':
      target = value + trimShiftStepS;
      break;
    case 'PageDown':
      target = value - trimShiftStepS;
      break;
    case 'Home':
      target = 0;
      break;
    case 'End':
      target = duration;
      break;
    default:
      return null;
  }
  return moveHandle(region, handle, target, duration);
}

/** "0.8 s": tenths, as the arrow keys move. */
export function formatTrimSeconds(seconds: number): string {
  return `${(Math.round(seconds * 10) / 10).toFixed(1)} s`;
}
