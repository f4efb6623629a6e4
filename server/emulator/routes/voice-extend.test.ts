import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voiceExtendResponseSchema } from '../../../src/api/contract/voices';
import { encodeAudio } from '../media/audio-encode';
import { inspectMedia } from '../media/inspect';
import { synthesizeSpeech } from '../media/speech';
import { createTestEmulator, headers, type TestEmulator } from '../test-support/test-emulator';

let emu: TestEmulator;
beforeAll(() => {
  emu = createTestEmulator();
});
afterAll(() => emu.cleanup());

/** A spoken clip stored in the emulator, addressed the way a client would see it. */
async function reference(format: 'wav' | 'mp3', sampleRate: number, pitch: number) {
  const pcm = await synthesizeSpeech('This is the reference voice, speaking a few words.', {
    espeakVoice: 'en-us+f3',
    pitch,
    wordsPerMinute: 170,
  });
  const audio = await encodeAudio(pcm, { format, sampleRate });
  const media = await emu.mediaStore.put({
    bytes: audio.bytes,
    contentType: audio.contentType,
    filename: `reference.${format}`,
  });
  return emu.mediaStore.urlFor(media.id, 'http://localhost');
}

function extend(body: Record<string, unknown>) {
  return emu.request('/api/v1/voice/extend', {
    method: 'POST',
    headers: headers({ json: true }),
    body: JSON.stringify(body),
  });
}
async function errorMessage(res: Response) {
  expect(res.status).toBe(400);
  const { error } = (await res.json()) as { error: { code: string; message: string } };
  expect(error.code).toBe('invalid_request');
  return error.message;
}

describe('POST /v1/voice/extend', () => {
  it('continues a WAV reference from the emulator’s own media, as WAV at its rate', async () => {
    const url = await reference('wav', 24000, 60);
    const res = await extend({ reference_audio_url: url, text: 'And here the story goes on.' });
    expect(res.status).toBe(200);
    const { data } = voiceExtendResponseSchema.parse(await res.json());
    expect(data).toMatchObject({ format: 'wav', sample_rate: 24000 });
    const served = new Uint8Array(
      await (await emu.request(new URL(data.audio_url).pathname)).arrayBuffer(),
    );
    expect(Buffer.from(data.audio_b64, 'base64').equals(Buffer.from(served))).toBe(true);
    const info = inspectMedia(served)!;
    expect(info).toMatchObject({ kind: 'audio', format: 'wav', sampleRate: 24000 });
    expect(info.durationS!).toBeCloseTo(data.duration_s, 2);
  });

  it('answers MP3 when asked, and derives different voices from different references', async () => {
    const low = await reference('mp3', 22050, 20);
    const high = await reference('mp3', 22050, 80);
    const results = [];
    for (const url of [low, high]) {
      const res = await extend({ reference_audio_url: url, text: 'Same words.', format: 'mp3' });
      const { data } = voiceExtendResponseSchema.parse(await res.json());
      expect(inspectMedia(Buffer.from(data.audio_b64, 'base64'))?.format).toBe('mp3');
      results.push(data.audio_b64);
    }
    expect(results[0]).not.toBe(results[1]);
  });

  it('rejects a reference that is not audio, or cannot be fetched, naming the field', async () => {
    const page = await emu.mediaStore.put({
      bytes: Buffer.from('<!doctype html><html><body>Not a clip</body></html>'),
      contentType: 'text/html; charset=utf-8',
      filename: 'page.html',
    });
    const html = await extend({
      reference_audio_url: emu.mediaStore.urlFor(page.id, 'http://localhost'),
      text: 'Hello',
    });
    expect(await errorMessage(html)).toBe('reference_audio_url: is not audio (got text/html)');

    const unreachable = await extend({
      reference_audio_url: 'http://127.0.0.1:9/clip.wav',
      text: 'Hi',
    });
    expect(await errorMessage(unreachable)).toMatch(
      /^reference_audio_url: http:\/\/127\.0\.0\.1:9\/clip\.wav could not be reached/,
    );

    const invalid = await extend({ reference_audio_url: 'ftp://example.com/a.wav', text: 'Hi' });
    expect(await errorMessage(invalid)).toMatch(/^reference_audio_url: /);
  });
});
