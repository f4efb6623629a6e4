// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { placeholderPeaks } from './placeholder-peaks';

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
