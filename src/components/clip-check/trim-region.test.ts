// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatTrimSeconds, moveHandle, regionForKey } from './trim-region';

const whole = { start: 0, end: 12.4 };

describe('regionForKey', () => {
  it('moves an edge by 0.1 s with the arrows and 1 s with Shift', () => {
    expect(regionForKey(whole, 'start', 'ArrowRight', false, 12.4)).toEqual({
      start: 0.1,
      end: 12.4,
    });
    expect(regionForKey(whole, 'start', 'ArrowUp', true, 12.4)).toEqual({ start: 1, end: 12.4 });
    expect(regionForKey(whole, 'end', 'ArrowLeft', false, 12.4)).toEqual({ start: 0, end: 12.3 });
    expect(regionForKey(whole, 'end', 'ArrowDown', true, 12.4)).toEqual({ start: 0, end: 11.4 });
  });

  it('does not drift over many tenth-second steps', () => {
    let region = whole;
    for (let i = 0; i < 8; i++) region = regionForKey(region, 'start', 'ArrowRight', false, 12.4)!;
    expect(region.start).toBe(0.8);
  });

  it('keeps the edges inside the clip and at least 0.5 s apart', () => {
    expect(regionForKey(whole, 'start', 'ArrowLeft', false, 12.4)).toEqual(whole);
    expect(regionForKey(whole, 'end', 'ArrowRight', true, 12.4)).toEqual(whole);
    expect(regionForKey(whole, 'start', 'End', false, 12.4)).toEqual({ start: 11.9, end: 12.4 });
    expect(regionForKey({ start: 3, end: 8 }, 'end', 'Home', false, 12.4)).toEqual({
      start: 3,
      end: 3.5,
    });
    expect(regionForKey({ start: 3, end: 8 }, 'start', 'Home', false, 12.4)).toEqual({
      start: 0,
      end: 8,
    });
  });

  it('moves the whole region without changing its length, stopping at either end', () => {
    const region = { start: 2, end: 6 };
    expect(regionForKey(region, 'position', 'ArrowRight', true, 12.4)).toEqual({
      start: 3,
      end: 7,
    });
    expect(regionForKey(region, 'position', 'End', false, 12.4)).toEqual({ start: 8.4, end: 12.4 });
    expect(regionForKey(region, 'position', 'Home', false, 12.4)).toEqual({ start: 0, end: 4 });
    expect(regionForKey({ start: 0, end: 4 }, 'position', 'ArrowLeft', false, 12.4)).toEqual({
      start: 0,
      end: 4,
    });
  });

  it('ignores other keys and an unknown length', () => {
    expect(regionForKey(whole, 'start', 'a', false, 12.4)).toBeNull();
    expect(regionForKey(whole, 'start', 'ArrowRight', false, 0)).toBeNull();
  });
});

describe('moveHandle', () => {
  it('lets a clip shorter than the minimum keep its whole length', () => {
    expect(moveHandle({ start: 0, end: 0.3 }, 'start', 0.2, 0.3)).toEqual({ start: 0, end: 0.3 });
  });
});

describe('formatTrimSeconds', () => {
  it('speaks tenths of a second', () => {
    expect(formatTrimSeconds(0.8)).toBe('0.8 s');
    expect(formatTrimSeconds(12.4)).toBe('12.4 s');
    expect(formatTrimSeconds(3)).toBe('3.0 s');
  });
});
