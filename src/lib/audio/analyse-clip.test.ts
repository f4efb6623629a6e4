// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { analyseClip } from './analyse-clip';
import { concat, fromDb, mix, noise, silence, sine, square } from './test-signals';

const rate = 48_000;

describe('analyseClip', () => {
  it('reports a full-scale square wave as clipped throughout', () => {
    const wave = square(2, rate);
    const report = analyseClip([wave, wave], rate);
    expect(report.clippedShare).toBeGreaterThan(0.99);
    expect(report.peakDbfs).toBe(0);
  });

  it('does not count a lone peak at full scale as clipping, but counts a flattened run', () => {
    const tone = sine(1, rate, { rmsDbfs: -20 });
    tone[1000] = 1;
    expect(analyseClip([tone], rate).clippedShare).toBe(0);
    expect(analyseClip([tone], rate).peakDbfs).toBe(0);
    tone.fill(-1, 2000, 2048);
    expect(analyseClip([tone], rate).clippedShare).toBeCloseTo(48 / rate, 6);
  });

  it('reports silence as silence', () => {
    const report = analyseClip([silence(3, rate)], rate);
    expect(report).toEqual({
      durationS: 3,
      sampleRate: rate,
      channels: 1,
      peakDbfs: -Infinity,
      loudnessLufs: -Infinity,
      clippedShare: 0,
      noiseFloorDbfs: -Infinity,
      snrDb: -Infinity,
      silenceShare: 1,
    });
  });

  it('reports nothing at all without dividing by zero', () => {
    const report = analyseClip([new Float32Array(0)], rate);
    expect(report.durationS).toBe(0);
    expect(report.clippedShare).toBe(0);
    expect(report.silenceShare).toBe(1);
  });

  it('measures duration, format, peak and loudness of a tone', () => {
    const tone = sine(4, 44_100, { hz: 997, rmsDbfs: -23 });
    const report = analyseClip([tone, tone], 44_100);
    expect(report.durationS).toBe(4);
    expect(report.sampleRate).toBe(44_100);
    expect(report.channels).toBe(2);
    expect(report.peakDbfs).toBeCloseTo(-23 + 3.01, 1);
    expect(report.loudnessLufs).toBeCloseTo(-20, 1);
    expect(report.silenceShare).toBe(0);
  });

  it('finds the noise floor and a 40 dB SNR under a tone over -60 dBFS noise', () => {
    // 1 s of noise alone, then 3 s of a -20 dBFS tone over the same noise.
    const floor = noise(4, rate, -60);
    const signal = mix(floor, concat(silence(1, rate), sine(3, rate, { rmsDbfs: -20 })));
    const report = analyseClip([signal], rate);
    expect(report.noiseFloorDbfs).toBeGreaterThan(-61.5);
    expect(report.noiseFloorDbfs).toBeLessThan(-58.5);
    expect(report.snrDb).toBeGreaterThan(40 - 1.5);
    expect(report.snrDb).toBeLessThan(40 + 1.5);
    expect(report.silenceShare).toBeCloseTo(0.25, 2);
  });

  it('reads a 20 dB SNR in a noisy room, and its pauses as silence', () => {
    const floor = noise(4, rate, -40, 7);
    const signal = mix(floor, concat(silence(1, rate), sine(3, rate, { rmsDbfs: -20 })));
    const report = analyseClip([signal], rate);
    expect(Math.abs(report.snrDb - 20)).toBeLessThan(1.5);
    expect(report.silenceShare).toBeCloseTo(0.25, 2);
  });

  it('gives an infinite SNR when the pauses are digital silence', () => {
    const signal = concat(silence(1, rate), sine(3, rate));
    expect(analyseClip([signal], rate).snrDb).toBe(Infinity);
  });

  it('measures the silence share of sentence-like speech: bursts with gaps', () => {
    // 0.5 s lead-in, then five 0.6 s "words" with 0.4 s gaps, then 0.9 s of tail:
    // 3.0 s of sound in 6.0 s, in a quiet room (-70 dBFS noise).
    const words = Array.from({ length: 5 }, (_, i) => [
      sine(0.6, rate, { hz: 200 + i * 50, rmsDbfs: -18 }),
      silence(i < 4 ? 0.4 : 0.9, rate),
    ]).flat();
    const speech = concat(silence(0.5, rate), ...words);
    const signal = mix(speech, noise(speech.length / rate, rate, -70));
    const report = analyseClip([signal], rate);
    expect(report.durationS).toBeCloseTo(6, 5);
    expect(Math.abs(report.silenceShare - 0.5)).toBeLessThan(0.02);
  });

  it('counts a voice too quiet to be speech as silence', () => {
    const report = analyseClip([sine(2, rate, { rmsDbfs: -66 })], rate);
    expect(report.silenceShare).toBe(1);
    expect(fromDb(report.peakDbfs)).toBeCloseTo(fromDb(-63), 4);
  });
});
