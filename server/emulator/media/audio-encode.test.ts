import { describe, expect, it } from 'vitest';
import { encodeAudio, nearestCodecRate } from './audio-encode';
import { parseMp3Header } from './mp3';
import type { Pcm } from './pcm';
import { synthesizeSpeech } from './speech';
import { readWavFormat } from './wav';

// A 3-second tone with a vibrato: enough structure for the encoders to work on.
const tone: Pcm = (() => {
  const sampleRate = 22050;
  const samples = new Float32Array(sampleRate * 3);
  for (let i = 0; i < samples.length; i++) {
    const t = i / sampleRate;
    samples[i] = 0.4 * Math.sin(2 * Math.PI * (330 * t + 3 * Math.sin(2 * Math.PI * 5 * t)));
  }
  return { samples, sampleRate };
})();
const toneS = 3;

/** Ogg's CRC-32: polynomial 0x04c11db7, not reflected, computed with the CRC field zeroed. */
function oggCrc(page: Uint8Array): number {
  let crc = 0;
  page.forEach((byte, index) => {
    crc ^= (index >= 22 && index < 26 ? 0 : byte) << 24;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
  });
  return crc >>> 0;
}

describe('nearestCodecRate', () => {
  it('picks the closest rate LAME and Vorbis support', () => {
    expect(nearestCodecRate(8000)).toBe(8000);
    expect(nearestCodecRate(9000)).toBe(8000);
    expect(nearestCodecRate(10000)).toBe(11025);
    expect(nearestCodecRate(44000)).toBe(44100);
    expect(nearestCodecRate(46000)).toBe(44100);
    expect(nearestCodecRate(47000)).toBe(48000);
  });
});

describe('encodeAudio', () => {
  it('writes WAV at any requested rate, with matching header and duration', async () => {
    const audio = await encodeAudio(tone, { format: 'wav', sampleRate: 37000 });
    const format = readWavFormat(audio.bytes)!;
    expect(audio).toMatchObject({
      format: 'wav',
      contentType: 'audio/wav',
      sampleRate: 37000,
      channels: 1,
    });
    expect(format).toMatchObject({
      audioFormat: 1,
      channels: 1,
      sampleRate: 37000,
      bitsPerSample: 16,
    });
    expect(format.dataBytes / 2 / 37000).toBeCloseTo(toneS, 3);
    expect(audio.durationMs).toBe(3000);
    expect(audio.bitrate).toBeCloseTo(37000 * 16, -4);
  });

  it.each([44100, 22050, 16000, 8000, 44000])('writes MP3 frames at %i Hz', async (rate) => {
    const audio = await encodeAudio(tone, { format: 'mp3', sampleRate: rate });
    expect(audio).toMatchObject({
      format: 'mp3',
      contentType: 'audio/mpeg',
      sampleRate: nearestCodecRate(rate),
    });
    let offset = 0;
    let samples = 0;
    while (offset < audio.bytes.length) {
      const frame = parseMp3Header(audio.bytes, offset);
      expect(frame, `frame header at ${offset}`).not.toBeNull();
      expect(frame!.sampleRate).toBe(audio.sampleRate);
      expect(frame!.channels).toBe(1);
      samples += frame!.samplesPerFrame;
      offset += frame!.frameBytes;
    }
    expect(offset).toBe(audio.bytes.length);
    expect(Math.abs(samples / audio.sampleRate - toneS) / toneS).toBeLessThan(0.1);
    expect(audio.durationMs).toBe(3000);
    expect(audio.bitrate).toBeGreaterThan(0);
    expect(audio.bitrate).toBeCloseTo((audio.bytes.length * 8) / toneS, -1);
  });

  it.each([48000, 24000, 11025, 30000])('writes Ogg Vorbis at %i Hz', async (rate) => {
    const audio = await encodeAudio(tone, { format: 'ogg', sampleRate: rate });
    const { bytes } = audio;
    expect(audio).toMatchObject({
      format: 'ogg',
      contentType: 'audio/ogg',
      sampleRate: nearestCodecRate(rate),
    });
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let offset = 0;
    let lastGranule = 0n;
    let pages = 0;
    while (offset < bytes.length) {
      expect(new TextDecoder().decode(bytes.subarray(offset, offset + 4))).toBe('OggS');
      expect(bytes[offset + 4]).toBe(0); // stream structure version
      const segments = bytes[offset + 26]!;
      const body = bytes
        .subarray(offset + 27, offset + 27 + segments)
        .reduce((sum, size) => sum + size, 0);
      const page = bytes.subarray(offset, offset + 27 + segments + body);
      expect(oggCrc(page)).toBe(view.getUint32(offset + 22, true));
      if (pages === 0) {
        const ident = offset + 27 + segments;
        expect(new TextDecoder().decode(bytes.subarray(ident, ident + 7))).toBe('\x01vorbis');
        expect(bytes[ident + 11]).toBe(1); // channels
        expect(view.getUint32(ident + 12, true)).toBe(audio.sampleRate);
      }
      lastGranule = view.getBigUint64(offset + 6, true);
      offset += page.length;
      pages++;
    }
    expect(offset).toBe(bytes.length);
    expect(Number(lastGranule) / audio.sampleRate).toBeCloseTo(toneS, 2);
  });

  it('encodes real speech end to end', async () => {
    const speech = await synthesizeSpeech('Encoding speech for the emulator.', {
      espeakVoice: 'en-us',
      pitch: 50,
      wordsPerMinute: 175,
    });
    for (const format of ['wav', 'mp3', 'ogg'] as const) {
      const audio = await encodeAudio(speech, { format, sampleRate: 44100 });
      expect(audio.sampleRate).toBe(44100);
      expect(audio.durationMs).toBe(Math.round((speech.samples.length / speech.sampleRate) * 1000));
    }
  });
});
