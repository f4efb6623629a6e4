import { describe, expect, it } from 'vitest';
import { buildZip } from './zip';
import { encodeAudio } from './audio-encode';
import { renderImage } from './image';
import { inspectMedia } from './inspect';
import { synthesizeSpeech } from './speech';
import { renderVideo } from './video';

// Media made by this library, inspected back: the generators and the sniffers must agree.
describe('inspectMedia on generated media', () => {
  it('measures speech encoded as WAV, MP3 and Ogg', async () => {
    const speech = await synthesizeSpeech('Inspecting what we made ourselves.', {
      espeakVoice: 'en-gb',
      pitch: 40,
      wordsPerMinute: 160,
    });
    const seconds = speech.samples.length / speech.sampleRate;
    const cases = [
      { format: 'wav', sampleRate: 16000, contentType: 'audio/wav', tolerance: 0.001 },
      { format: 'mp3', sampleRate: 44100, contentType: 'audio/mpeg', tolerance: 0.1 },
      { format: 'mp3', sampleRate: 22050, contentType: 'audio/mpeg', tolerance: 0.1 },
      { format: 'ogg', sampleRate: 48000, contentType: 'audio/ogg', tolerance: 0.01 },
    ] as const;
    for (const { format, sampleRate, contentType, tolerance } of cases) {
      const audio = await encodeAudio(speech, { format, sampleRate });
      const info = inspectMedia(audio.bytes);
      expect(info, format).toMatchObject({
        kind: 'audio',
        format,
        contentType,
        sampleRate,
        channels: 1,
      });
      expect(Math.abs(info!.durationS! - seconds) / seconds, format).toBeLessThan(tolerance);
    }
  });

  it('reads PNG dimensions and MP4 video duration and size', async () => {
    expect(inspectMedia(renderImage({ prompt: 'p', tool: 't', width: 200, height: 120 }))).toEqual({
      kind: 'image',
      format: 'png',
      contentType: 'image/png',
      width: 200,
      height: 120,
    });
    const video = inspectMedia(
      await renderVideo({ prompt: 'p', tool: 't', width: 160, height: 90, fps: 8, durationS: 2 }),
    );
    expect(video).toMatchObject({
      kind: 'video',
      format: 'mp4',
      contentType: 'video/mp4',
      width: 160,
      height: 90,
    });
    expect(video?.durationS).toBeCloseTo(2, 1);
  });

  it('ignores an ID3v2 tag in front of an MP3', async () => {
    const tone = new Float32Array(22050).map((_, i) => 0.3 * Math.sin(i / 5));
    const mp3 = (
      await encodeAudio({ samples: tone, sampleRate: 22050 }, { format: 'mp3', sampleRate: 22050 })
    ).bytes;
    const tag = new Uint8Array(10 + 300);
    tag.set([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 2, 44]); // "ID3" v2.4, size 2*128+44 = 300
    const info = inspectMedia(new Uint8Array([...tag, ...mp3]));
    expect(info).toMatchObject({ kind: 'audio', format: 'mp3', sampleRate: 22050 });
    // LAME adds its encoder delay and pads the last frame: a few percent more than the PCM.
    expect(Math.abs(info!.durationS! - 1)).toBeLessThan(0.1);
  });
});

describe('inspectMedia on things that are not media', () => {
  const text = (value: string) => new TextEncoder().encode(value);
  it.each([
    ['plain text', text('hello world, this is not audio')],
    ['HTML', text('<!doctype html><html><body>Not found</body></html>')],
    ['JSON', text('{"error":"not found"}')],
    ['text with "free" where a box type would be', text('Get free shipping today')],
    ['a PDF', text('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj')],
    ['a zip', buildZip([{ name: 'a.txt', data: text('a') }])],
    ['nothing', new Uint8Array(0)],
    ['one sync-like byte pair', new Uint8Array([0xff, 0xfb, 0x90, 0x00, 0x41, 0x42])],
  ])('returns null for %s', (_label, bytes) => {
    expect(inspectMedia(bytes)).toBeNull();
  });

  it('returns null for random bytes', () => {
    let state = 12345;
    const bytes = new Uint8Array(4096).map(() => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return state >>> 24;
    });
    expect(inspectMedia(bytes)).toBeNull();
  });

  it('survives truncated media', async () => {
    const png = renderImage({ prompt: 'p', tool: 't', width: 64, height: 64 });
    const mp4 = await renderVideo({
      prompt: 'p',
      tool: 't',
      width: 64,
      height: 64,
      fps: 2,
      durationS: 1,
    });
    for (const bytes of [png, mp4]) {
      for (const length of [3, 12, 30, 100, Math.floor(bytes.length / 2)]) {
        expect(() => inspectMedia(bytes.subarray(0, length))).not.toThrow();
      }
    }
  });
});
