import { describe, expect, it } from 'vitest';
import { analyseSamples, levelWarnings } from './audio-analysis';

function sine(amplitude: number, length = 48_000) {
  return Float32Array.from(
    { length },
    (_, i) => amplitude * Math.sin((2 * Math.PI * 440 * i) / 48_000),
  );
}

describe('analyseSamples', () => {
  it('measures a full-scale sine at -3 dBFS RMS and 0 dBFS peak', () => {
    const levels = analyseSamples([sine(1)]);
    expect(levels.rmsDbfs).toBeCloseTo(-3.01, 1);
    expect(levels.peakDbfs).toBeCloseTo(0, 1);
  });

  it('counts samples at |x| ≥ 0.99 as clipped, over every channel', () => {
    const left = new Float32Array([1, -1, 0.5, 0]);
    const right = new Float32Array([0.99, 0.2, -0.995, 0.1]);
    expect(analyseSamples([left, right]).clippedShare).toBe(4 / 8);
  });

  it('reports silence and empty input as -Infinity without clipping', () => {
    expect(analyseSamples([new Float32Array(10)])).toEqual({
      rmsDbfs: -Infinity,
      peakDbfs: -Infinity,
      clippedShare: 0,
    });
    expect(analyseSamples([]).clippedShare).toBe(0);
  });
});

describe('levelWarnings', () => {
  it('warns below -35 dBFS RMS and not above it', () => {
    // A sine's RMS is amplitude / √2: 0.02 → about -37 dBFS, 0.03 → about -33.5 dBFS.
    expect(levelWarnings(analyseSamples([sine(0.02)]))).toEqual([
      expect.stringMatching(/^Quiet: -37\.0 dBFS RMS/),
    ]);
    expect(levelWarnings(analyseSamples([sine(0.03)]))).toEqual([]);
  });

  it('warns when more than 0.1 % of the samples clip', () => {
    const clipped = sine(0.5);
    clipped.fill(1, 0, 100); // 100 of 48 000 samples: 0.21 %
    expect(levelWarnings(analyseSamples([clipped]))).toEqual([
      'Clipping: 0.21 % of samples at full scale; lower the gain.',
    ]);
    expect(levelWarnings({ rmsDbfs: -20, peakDbfs: 0, clippedShare: 0.001 })).toEqual([]);
  });
});
