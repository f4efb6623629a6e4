import { describe, expect, it } from 'vitest';
import { placeholderPeaks } from './placeholder-peaks';
import { seekTargetForKey } from './seek-keys';

describe('placeholderPeaks', () => {
  it('is the same for the same label and different for another', () => {
    expect(placeholderPeaks('Preview of Aria', 40)).toEqual(
      placeholderPeaks('Preview of Aria', 40),
    );
    expect(placeholderPeaks('Preview of Aria', 40)).not.toEqual(
      placeholderPeaks('Preview of Bo', 40),
    );
  });

  it('gives the requested number of visible bars', () => {
    const peaks = placeholderPeaks('x', 56);
    expect(peaks).toHaveLength(56);
    for (const peak of peaks) {
      expect(peak).toBeGreaterThanOrEqual(0.15);
      expect(peak).toBeLessThanOrEqual(1);
    }
  });
});

describe('seekTargetForKey', () => {
  it('moves 5 s with arrows within the clip, and jumps with Home/End', () => {
    expect(seekTargetForKey('ArrowRight', 3, 12)).toBe(8);
    expect(seekTargetForKey('ArrowUp', 10, 12)).toBe(12);
    expect(seekTargetForKey('ArrowLeft', 3, 12)).toBe(0);
    expect(seekTargetForKey('Home', 7, 12)).toBe(0);
    expect(seekTargetForKey('End', 7, 12)).toBe(12);
  });

  it('ignores other keys, and every key while the length is unknown', () => {
    expect(seekTargetForKey('Enter', 3, 12)).toBeNull();
    expect(seekTargetForKey('ArrowRight', 0, 0)).toBeNull();
  });
});
