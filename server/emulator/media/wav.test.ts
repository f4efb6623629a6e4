import { describe, expect, it } from 'vitest';
import type { Pcm } from './pcm';
import { resample } from './resample';
import { decodeWav, encodeWav, readWavFormat } from './wav';

function sine(frequency: number, sampleRate: number, seconds: number, amplitude = 0.5): Pcm {
  const samples = new Float32Array(Math.round(sampleRate * seconds));
  for (let i = 0; i < samples.length; i++) {
    samples[i] = amplitude * Math.sin((2 * Math.PI * frequency * i) / sampleRate);
  }
  return { samples, sampleRate };
}

/** A WAV written by hand, so the decoder is checked against the format, not the encoder. */
function handMadeWav(
  format: number,
  bits: number,
  channels: number,
  frames: number[][],
): Uint8Array {
  const width = bits / 8;
  const data = frames.length * channels * width;
  const bytes = new Uint8Array(44 + data);
  const view = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode('RIFF\0\0\0\0WAVEfmt '), 0);
  view.setUint32(4, 36 + data, true);
  view.setUint32(16, 16, true);
  view.setUint16(20, format, true);
  view.setUint16(22, channels, true);
  view.setUint32(24, 8000, true);
  view.setUint32(28, 8000 * channels * width, true);
  view.setUint16(32, channels * width, true);
  view.setUint16(34, bits, true);
  bytes.set(new TextEncoder().encode('data'), 36);
  view.setUint32(40, data, true);
  let offset = 44;
  for (const frame of frames) {
    for (const value of frame) {
      if (format === 3) view.setFloat32(offset, value, true);
      else if (bits === 8) view.setUint8(offset, Math.round(value * 127) + 128);
      else if (bits === 16) view.setInt16(offset, Math.round(value * 32767), true);
      else if (bits === 24) {
        const int = Math.round(value * 8388607);
        view.setUint16(offset, int & 0xffff, true);
        view.setInt8(offset + 2, int >> 16);
      } else view.setInt32(offset, Math.round(value * 2147483647), true);
      offset += width;
    }
  }
  return bytes;
}

describe('encodeWav', () => {
  it('writes a 16-bit mono PCM header that matches the data', () => {
    const bytes = encodeWav(sine(440, 16000, 0.5));
    const view = new DataView(bytes.buffer);
    expect(new TextDecoder().decode(bytes.subarray(0, 4))).toBe('RIFF');
    expect(new TextDecoder().decode(bytes.subarray(8, 16))).toBe('WAVEfmt ');
    expect(view.getUint32(4, true)).toBe(bytes.length - 8);
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(16000);
    expect(view.getUint32(28, true)).toBe(32000);
    expect(view.getUint16(32, true)).toBe(2);
    expect(view.getUint16(34, true)).toBe(16);
    expect(view.getUint32(40, true)).toBe(8000 * 2);
  });

  it('round-trips through decodeWav within one 16-bit step, resampling on request', () => {
    const pcm = sine(440, 22050, 0.25);
    const decoded = decodeWav(encodeWav(pcm))!;
    expect(decoded.sampleRate).toBe(22050);
    decoded.samples.forEach((sample, i) =>
      expect(Math.abs(sample - pcm.samples[i]!)).toBeLessThan(1e-4),
    );
    const at44 = decodeWav(encodeWav(pcm, { sampleRate: 44100 }))!;
    expect(at44.sampleRate).toBe(44100);
    expect(at44.samples.length).toBe(pcm.samples.length * 2);
  });
});

describe('decodeWav', () => {
  const frames = [
    [0.5, -0.5],
    [0.25, 0.75],
    [-1, -1],
  ];
  it.each([
    [1, 8],
    [1, 16],
    [1, 24],
    [1, 32],
    [3, 32],
  ])('reads format %i at %i bits and mixes stereo to mono', (format, bits) => {
    const pcm = decodeWav(handMadeWav(format, bits, 2, frames))!;
    expect(pcm.sampleRate).toBe(8000);
    expect(Array.from(pcm.samples)).toEqual([
      expect.closeTo(0, 1),
      expect.closeTo(0.5, 1),
      expect.closeTo(-1, 1),
    ]);
  });

  it('trusts the file over a placeholder data size', () => {
    const bytes = handMadeWav(1, 16, 1, [[0.1], [0.2]]);
    new DataView(bytes.buffer).setUint32(40, 0xffffffff, true);
    expect(readWavFormat(bytes)?.dataBytes).toBe(4);
    expect(decodeWav(bytes)?.samples.length).toBe(2);
  });

  it('returns null for other data', () => {
    expect(decodeWav(new TextEncoder().encode('RIFF but not a wave file'))).toBeNull();
    expect(decodeWav(handMadeWav(0x55, 16, 1, [[0]]))).toBeNull(); // MP3 inside RIFF
  });
});

describe('resample', () => {
  const zeroCrossings = ({ samples }: Pcm) =>
    samples.reduce(
      (count, sample, i) => (i > 0 && sample >= 0 !== samples[i - 1]! >= 0 ? count + 1 : count),
      0,
    );
  const rms = ({ samples }: Pcm, from = 0.1, to = 0.9) => {
    const part = samples.subarray(
      Math.floor(samples.length * from),
      Math.floor(samples.length * to),
    );
    return Math.sqrt(part.reduce((sum, sample) => sum + sample * sample, 0) / part.length);
  };

  it('keeps pitch, level and duration going up or down', () => {
    const pcm = sine(440, 22050, 1);
    for (const rate of [8000, 16000, 44100, 48000]) {
      const out = resample(pcm, rate);
      expect(out.sampleRate).toBe(rate);
      expect(out.samples.length).toBe(rate);
      expect(zeroCrossings(out)).toBeGreaterThanOrEqual(879);
      expect(zeroCrossings(out)).toBeLessThanOrEqual(881);
      expect(rms(out)).toBeCloseTo(0.5 / Math.SQRT2, 2);
    }
  });

  it('filters out tones above the new Nyquist frequency instead of aliasing them', () => {
    const out = resample(sine(6000, 22050, 1), 8000);
    expect(rms(out)).toBeLessThan(0.05);
  });
});
