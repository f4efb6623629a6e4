// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { toMono } from './take';

const tone = (length: number, size: number) =>
  Float32Array.from({ length }, (_, i) => size * Math.sin(i / 5));

describe('toMono', () => {
  it('keeps a mono recording as it is', () => {
    const voice = tone(100, 0.5);
    expect(toMono([voice])).toBe(voice);
  });

  it('averages a stereo recording whose channels both carry the voice', () => {
    const left = tone(100, 0.4);
    const right = tone(100, 0.2);
    const mono = toMono([left, right]);
    expect(mono).toHaveLength(100);
    for (let i = 0; i < 100; i++) expect(mono[i]).toBeCloseTo((left[i]! + right[i]!) / 2, 6);
  });

  it('takes the live channel alone when the other is all but silent, so the level is not halved', () => {
    const silent = tone(100, 0.001);
    const voice = tone(100, 0.5);
    expect(toMono([silent, voice])).toBe(voice);
  });

  it('is empty for an empty recording', () => {
    expect(toMono([])).toHaveLength(0);
    expect(toMono([new Float32Array(0), new Float32Array(0)])).toHaveLength(0);
  });
});
