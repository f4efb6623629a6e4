// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readWav } from './test-wav-decoder';
import { encodeWav, sliceChannels, trimmedWavFile, wavName } from './wav';

async function read(blob: Blob) {
  const view = new DataView(await blob.arrayBuffer());
  const text = (offset: number, length: number) =>
    String.fromCharCode(...Array.from({ length }, (_, i) => view.getUint8(offset + i)));
  return { view, text };
}

describe('encodeWav', () => {
  it('writes a 16-bit PCM RIFF header that describes the data', async () => {
    const left = new Float32Array(100);
    const blob = encodeWav([left, new Float32Array(100)], 44_100);
    expect(blob.type).toBe('audio/wav');
    expect(blob.size).toBe(44 + 100 * 2 * 2);
    const { view, text } = await read(blob);
    expect(text(0, 4)).toBe('RIFF');
    expect(view.getUint32(4, true)).toBe(blob.size - 8);
    expect(text(8, 4)).toBe('WAVE');
    expect(text(12, 4)).toBe('fmt ');
    expect(view.getUint32(16, true)).toBe(16);
    expect(view.getUint16(20, true)).toBe(1); // PCM
    expect(view.getUint16(22, true)).toBe(2); // channels
    expect(view.getUint32(24, true)).toBe(44_100);
    expect(view.getUint32(28, true)).toBe(44_100 * 4); // bytes per second
    expect(view.getUint16(32, true)).toBe(4); // bytes per frame
    expect(view.getUint16(34, true)).toBe(16); // bits per sample
    expect(text(36, 4)).toBe('data');
    expect(view.getUint32(40, true)).toBe(400);
  });

  it('interleaves the channels and keeps samples within one quantisation step', async () => {
    const left = Float32Array.from({ length: 64 }, (_, i) => Math.sin(i / 5) * 0.8);
    const right = Float32Array.from({ length: 64 }, (_, i) => -i / 64);
    const { view } = await read(encodeWav([left, right], 16_000));
    for (let i = 0; i < 64; i++) {
      expect(Math.abs(view.getInt16(44 + i * 4, true) / 32768 - left[i]!)).toBeLessThan(1 / 16384);
      expect(Math.abs(view.getInt16(46 + i * 4, true) / 32768 - right[i]!)).toBeLessThan(1 / 16384);
    }
  });

  it('clamps samples beyond full scale instead of wrapping them around', async () => {
    const { view } = await read(encodeWav([new Float32Array([1.5, -3, 1, -1, NaN])], 8000));
    expect([0, 1, 2, 3, 4].map((i) => view.getInt16(44 + i * 2, true))).toEqual([
      32767, -32768, 32767, -32768, 0,
    ]);
    const over = await read(encodeWav([new Float32Array([-1.5, 1.25])], 8000));
    expect([0, 1].map((i) => over.view.getInt16(44 + i * 2, true))).toEqual([-32768, 32767]);
  });

  it('writes as many frames as the shortest channel has', async () => {
    const blob = encodeWav([new Float32Array(100), new Float32Array(80)], 8000);
    const { view } = await read(blob);
    expect(blob.size).toBe(44 + 80 * 2 * 2);
    expect(view.getUint32(40, true)).toBe(320);
  });

  it('writes the sample rate rounded to the nearest hertz', async () => {
    const { view } = await read(encodeWav([new Float32Array(4)], 22_050.6));
    expect(view.getUint32(24, true)).toBe(22_051);
    expect(view.getUint32(28, true)).toBe(22_051 * 2);
  });

  it('writes a valid empty file for no samples', async () => {
    const blob = encodeWav([], 48_000);
    const { view } = await read(blob);
    expect(blob.size).toBe(44);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(40, true)).toBe(0);
  });
});

describe('sliceChannels', () => {
  const rate = 10;
  const ramp = Float32Array.from({ length: 50 }, (_, i) => i);

  it('cuts every channel between two times', () => {
    const [a, b] = sliceChannels([ramp, ramp.map((x) => -x)], rate, 1, 2.5);
    expect(Array.from(a!)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24]);
    expect(b![0]).toBe(-10);
    expect(b).toHaveLength(15);
    // Times between samples go to the nearest one.
    expect(Array.from(sliceChannels([ramp], rate, 1.04, 1.26)[0]!)).toEqual([10, 11, 12]);
  });

  it('pulls bounds outside the clip in to its ends', () => {
    expect(sliceChannels([ramp], rate, -1, 99)[0]).toHaveLength(50);
    expect(sliceChannels([ramp], rate, 4, Infinity)[0]).toHaveLength(10);
    expect(sliceChannels([ramp], rate, 3, 1)[0]).toHaveLength(0);
    expect(sliceChannels([ramp], rate, NaN, 1)[0]).toHaveLength(10);
    expect(sliceChannels([ramp], rate, 1, NaN)[0]).toHaveLength(0);
    expect(Array.from(sliceChannels([ramp], rate, 4.5, 99)[0]!)).toEqual([45, 46, 47, 48, 49]);
  });

  it('returns copies, so editing a slice leaves the clip alone', () => {
    const [slice] = sliceChannels([ramp], rate, 0, 1);
    slice![0] = 99;
    expect(ramp[0]).toBe(0);
  });
});

describe('trimmedWavFile', () => {
  const rate = 8000;
  const ramp = Float32Array.from({ length: rate * 2 }, (_, i) => (i % 100) / 200);

  it('encodes the part between two times as a WAV file', async () => {
    const file = trimmedWavFile([ramp, ramp], rate, 0.25, 1, 'take.wav');
    expect(file).toBeInstanceOf(File);
    expect(file.type).toBe('audio/wav');
    const { channels, sampleRate } = await readWav(file);
    expect(sampleRate).toBe(rate);
    expect(channels).toHaveLength(2);
    expect(channels[1]).toHaveLength(rate * 0.75);
    // The first sample is the one at 0.25 s.
    expect(channels[0]![0]).toBeCloseTo(ramp[rate / 4]!, 4);
  });

  it('names the trimmed file after the original, as a .wav', () => {
    expect(trimmedWavFile([ramp], rate, 0, 1, 'voice sample.m4a').name).toBe('voice sample.wav');
    expect(wavName('Recording 2.wav')).toBe('Recording 2.wav');
    expect(wavName('voice sample.m4a')).toBe('voice sample.wav');
    expect(wavName('no-extension')).toBe('no-extension.wav');
    expect(wavName('v1.2 take')).toBe('v1.2 take.wav');
    expect(wavName('a.b')).toBe('a.wav');
    expect(wavName('take.flac')).toBe('take.wav');
    expect(wavName('notes.backup2')).toBe('notes.backup2.wav');
    expect(wavName('take.mp3.m4a')).toBe('take.mp3.wav');
  });
});
