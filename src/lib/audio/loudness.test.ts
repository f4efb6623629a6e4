// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { highPassFilter, integratedLoudness, shelfFilter } from './loudness';
import { concat, fromDb, silence, sine } from './test-signals';

// A full-scale 997 Hz sine reads -3.01 LUFS (its RMS level), so -23 LUFS is an RMS of -23 dBFS.
const referenceTone = (seconds: number, rate: number, rmsDbfs = -23) =>
  sine(seconds, rate, { hz: 997, rmsDbfs });

describe('K-weighting', () => {
  it('reproduces the standard’s 48 kHz coefficients', () => {
    const s = shelfFilter(48_000);
    expect(s.b0).toBeCloseTo(1.53512485958697, 10);
    expect(s.b1).toBeCloseTo(-2.69169618940638, 10);
    expect(s.b2).toBeCloseTo(1.19839281085285, 10);
    expect(s.a1).toBeCloseTo(-1.69065929318241, 10);
    expect(s.a2).toBeCloseTo(0.73248077421585, 10);
    const h = highPassFilter(48_000);
    expect([h.b0, h.b1, h.b2]).toEqual([1, -2, 1]);
    expect(h.a1).toBeCloseTo(-1.99004745483398, 10);
    expect(h.a2).toBeCloseTo(0.99007225036621, 10);
  });
});

describe('integratedLoudness', () => {
  it.each([48_000, 44_100, 16_000])('measures a -23 LUFS mono tone as -23 at %i Hz', (rate) => {
    expect(integratedLoudness([referenceTone(5, rate)], rate)).toBeCloseTo(-23, 1);
  });

  it('reads a full-scale 997 Hz sine at its RMS level, -3.01 LUFS', () => {
    expect(
      integratedLoudness(
        [sine(2, 48_000, { hz: 997, rmsDbfs: 20 * Math.log10(Math.SQRT1_2) })],
        48_000,
      ),
    ).toBeCloseTo(-3.01, 1);
    expect(fromDb(-3.01)).toBeCloseTo(Math.SQRT1_2, 3);
  });

  it('reads stereo with the same signal in both channels 3 LU above mono', () => {
    const tone = referenceTone(3, 44_100);
    const mono = integratedLoudness([tone], 44_100);
    expect(integratedLoudness([tone, tone], 44_100) - mono).toBeCloseTo(3.01, 1);
  });

  it('gates quiet passages out (EBU Tech 3341 cases 3 and 4)', () => {
    const rate = 48_000;
    // Case 3: 10 s at -36, 60 s at -23, 10 s at -36 dBFS, the same in both channels: the quieter
    // parts fall under the -10 LU relative gate, so it reads as -23 in stereo (-20 here, RMS levels).
    const case3 = concat(
      referenceTone(10, rate, -36),
      referenceTone(60, rate),
      referenceTone(10, rate, -36),
    );
    expect(integratedLoudness([case3, case3], rate)).toBeCloseTo(-20, 1);
    // Case 4 adds 20 s at -72 dBFS each side, which the -70 LUFS absolute gate removes.
    const case4 = concat(referenceTone(20, rate, -72), case3, referenceTone(20, rate, -72));
    expect(integratedLoudness([case4], rate)).toBeCloseTo(-23, 1);
  });

  it('counts silence within speech as nothing, not as quiet', () => {
    const rate = 48_000;
    const withGaps = concat(referenceTone(2, rate), silence(2, rate), referenceTone(2, rate));
    expect(integratedLoudness([withGaps], rate)).toBeCloseTo(-23, 0);
  });

  it('gives -Infinity for silence, for nothing at all and below the absolute gate', () => {
    expect(integratedLoudness([silence(2, 48_000)], 48_000)).toBe(-Infinity);
    expect(integratedLoudness([new Float32Array(0)], 48_000)).toBe(-Infinity);
    expect(integratedLoudness([], 48_000)).toBe(-Infinity);
    expect(integratedLoudness([referenceTone(2, 48_000, -80)], 48_000)).toBe(-Infinity);
  });

  it('measures a clip shorter than one 400 ms block as one block', () => {
    expect(integratedLoudness([referenceTone(0.3, 48_000)], 48_000)).toBeCloseTo(-23, 0);
  });
});
