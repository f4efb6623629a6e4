// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createScrollSpeed } from './scroll-speed';

describe('createScrollSpeed', () => {
  it('measures a steady scroll in px per ms', () => {
    const sample = createScrollSpeed();
    expect(sample(0, true, 1000)).toBe(0);
    expect(sample(600, true, 1016)).toBeCloseTo(37.5);
    expect(sample(1200, true, 1032)).toBeCloseTo(37.5);
  });

  it('counts a single jump as still', () => {
    const sample = createScrollSpeed();
    expect(sample(900_000, true, 5000)).toBe(0);
  });

  it('counts reports further apart than the gap as a slow scroll', () => {
    const sample = createScrollSpeed(120);
    sample(0, true, 0);
    expect(sample(350, true, 200)).toBe(0);
    expect(sample(700, true, 400)).toBe(0);
  });

  it('measures a fling on a slow phone, its frames 200 ms apart, as fast', () => {
    const sample = createScrollSpeed();
    sample(0, true, 0);
    expect(sample(4000, true, 200)).toBe(20);
    expect(sample(8000, true, 400)).toBe(20);
    expect(sample(8100, true, 700)).toBe(0);
  });

  it('averages uneven samples and follows a scroll slowing down', () => {
    const sample = createScrollSpeed();
    sample(0, true, 0);
    expect(sample(320, true, 10)).toBe(32);
    expect(sample(340, true, 20)).toBe(17);
    expect(sample(350, true, 30)).toBe(9);
  });

  it('reads backwards scrolls as speed too', () => {
    const sample = createScrollSpeed();
    sample(10_000, true, 0);
    expect(sample(9_000, true, 20)).toBe(50);
  });

  it('ignores a second report in the same instant', () => {
    const sample = createScrollSpeed();
    sample(0, true, 0);
    expect(sample(400, true, 10)).toBe(40);
    expect(sample(420, true, 10)).toBe(40);
  });

  it('drops to zero when the scroll ends and starts again from still', () => {
    const sample = createScrollSpeed();
    sample(0, true, 0);
    sample(600, true, 16);
    expect(sample(600, false, 200)).toBe(0);
    expect(sample(1200, true, 210)).toBe(0);
  });
});
