// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { sourceSampleRate } from './source-rate';
import { encodeWav } from './wav';

const text = (s: string) => [...s].map((c) => c.charCodeAt(0));
const le32 = (n: number) => [n & 255, (n >> 8) & 255, (n >> 16) & 255, (n >>> 24) & 255];
const be32 = (n: number) => le32(n).reverse();
/** Header bytes, padded so the reader has enough to look at. */
const bytes = (...parts: number[][]) => new Uint8Array([...parts.flat(), ...new Array(64).fill(0)]);

describe('sourceSampleRate', () => {
  it.each([8000, 22_050, 48_000])(
    'reads a WAV’s rate (%i Hz), past chunks before fmt',
    async (rate) => {
      const wav = new Uint8Array(await encodeWav([new Float32Array(10)], rate).arrayBuffer());
      expect(sourceSampleRate(wav)).toBe(rate);
      // A LIST chunk of odd length (padded) before the fmt chunk.
      const withList = bytes(
        text('RIFF'),
        le32(0),
        text('WAVE'),
        text('LIST'),
        le32(3),
        [1, 2, 3, 0],
        [...wav.slice(12)],
      );
      expect(sourceSampleRate(withList)).toBe(rate);
    },
  );

  it('reads FLAC’s STREAMINFO', () => {
    // 20-bit rate 44100 = 0x0AC44 across bytes 18–20.
    const flac = bytes(text('fLaC'), [0, 0, 0, 34], new Array(10).fill(0), [0x0a, 0xc4, 0x42]);
    expect(sourceSampleRate(flac)).toBe(44_100);
  });

  it('reads an MP3 frame header after an ID3 tag, and an ADTS AAC header', () => {
    const id3 = [...text('ID3'), 4, 0, 0, 0, 0, 0, 5, 1, 2, 3, 4, 5];
    // MPEG 1 Layer III, rate index 1: 48 kHz.
    expect(sourceSampleRate(bytes(id3, [0xff, 0xfb, 0x94, 0x00]))).toBe(48_000);
    // MPEG 2 Layer III, rate index 2: 16 kHz.
    expect(sourceSampleRate(bytes([0xff, 0xf3, 0x88, 0x00]))).toBe(16_000);
    // ADTS, sampling index 8: 16 kHz.
    expect(sourceSampleRate(bytes([0xff, 0xf1, 8 << 2, 0x80]))).toBe(16_000);
  });

  it('reads Ogg Opus and Vorbis identification headers', () => {
    const page = (packet: number[]) =>
      bytes(text('OggS'), new Array(22).fill(0), [1, packet.length], packet);
    expect(sourceSampleRate(page([...text('OpusHead'), 1, 1, 0, 0, ...le32(16_000)]))).toBe(16_000);
    expect(sourceSampleRate(page([...text('OpusHead'), 1, 1, 0, 0, ...le32(0)]))).toBe(48_000);
    expect(sourceSampleRate(page([1, ...text('vorbis'), 0, 0, 0, 0, 2, ...le32(32_000)]))).toBe(
      32_000,
    );
  });

  it('reads WebM’s SamplingFrequency, and takes 48 kHz Opus without one', () => {
    const float64 = new Uint8Array(new Float64Array([22_050]).buffer).reverse();
    const ebml = [0x1a, 0x45, 0xdf, 0xa3];
    expect(
      sourceSampleRate(bytes(ebml, new Array(30).fill(0), [0xe1, 0x8a, 0xb5, 0x88, ...float64])),
    ).toBe(22_050);
    expect(sourceSampleRate(bytes(ebml, new Array(30).fill(0)))).toBe(48_000);
  });

  it('reads an MP4’s audio sample entry', () => {
    const entry = [...be32(36), ...text('mp4a'), ...new Array(24).fill(0), 0xac, 0x44, 0, 0];
    expect(sourceSampleRate(bytes(be32(20), text('ftypM4A '), new Array(12).fill(0), entry))).toBe(
      44_100,
    );
  });

  it('gives null for what it does not know or cannot trust', () => {
    expect(sourceSampleRate(bytes(text('something else entirely')))).toBeNull();
    expect(sourceSampleRate(new Uint8Array(8))).toBeNull();
    // A frame sync deep inside some other format is not an MP3.
    expect(sourceSampleRate(bytes(text('data'), [0xff, 0xfb, 0x94, 0x00]))).toBeNull();
  });
});
