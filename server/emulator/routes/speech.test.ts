import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { t2aResponseSchema, type T2aRequest } from '../../../src/api/contract/speech';
import { upsertCustomVoice } from '../db/custom-voices-repo';
import { inspectMedia } from '../media/inspect';
import { scanMp3 } from '../media/mp3';
import type * as speech from '../media/speech';
import { synthesizeSpeech } from '../media/speech';
import { readWavFormat } from '../media/wav';
import { hashKey } from '../principal';
import {
  createTestEmulator,
  headers,
  testKey,
  testStack,
  type TestEmulator,
} from '../test-support/test-emulator';

// The real synthesizer, watched: a repeated request must not synthesize its text again.
vi.mock('../media/speech', async (importOriginal) => {
  const real = await importOriginal<typeof speech>();
  return { ...real, synthesizeSpeech: vi.fn(real.synthesizeSpeech) };
});

let emu: TestEmulator;
beforeAll(() => {
  emu = createTestEmulator({ EMULATOR_RATE_LIMIT: '100000' });
});
afterAll(() => emu.cleanup());

const TEXT = 'The quick brown fox jumps over the lazy dog.';

function t2a(
  body: Partial<T2aRequest> & Record<string, unknown>,
  stack: string | null = testStack,
) {
  return emu.request('/api/v1/t2a', {
    method: 'POST',
    headers: headers({ json: true, stack }),
    body: JSON.stringify(body),
  });
}
async function speak(body: Partial<T2aRequest>) {
  const res = await t2a({ text: TEXT, ...body });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const parsed = t2aResponseSchema.parse(await res.json());
  expect(res.headers.get('x-trace-id')).toBe(parsed.trace_id);
  return { ...parsed, bytes: new Uint8Array(Buffer.from(parsed.data.audio, 'hex')) };
}
async function errorOf(res: Response) {
  return ((await res.json()) as { error: { code: string; message: string } }).error;
}

describe('POST /v1/t2a', () => {
  it('answers hex MP3 by default, with extra_info that describes exactly those bytes', async () => {
    const { data, extra_info, trace_id, bytes } = await speak({});
    expect(data.status).toBe(2);
    expect(trace_id).toEqual(expect.any(String));
    const stream = scanMp3(bytes)!;
    expect(stream.firstFrame.sampleRate).toBe(44100);
    expect(extra_info).toMatchObject({ audio_sample_rate: 44100, audio_channel: 1 });
    expect(extra_info!.audio_size).toBe(bytes.length);
    expect(stream.durationS * 1000).toBeCloseTo(extra_info!.audio_duration, -2);
    const bitrate = (bytes.length * 8) / (extra_info!.audio_duration / 1000);
    expect(Math.abs(extra_info!.bitrate - bitrate) / bitrate).toBeLessThan(0.01);
  });

  it('encodes WAV and Ogg at the sample rate asked for', async () => {
    const wav = await speak({ format: 'wav', sample_rate: 16000 });
    const format = readWavFormat(wav.bytes)!;
    expect(format).toMatchObject({ sampleRate: 16000, channels: 1, bitsPerSample: 16 });
    expect(wav.extra_info).toMatchObject({
      audio_sample_rate: 16000,
      audio_size: wav.bytes.length,
    });
    expect((format.dataBytes / 2 / 16000) * 1000).toBeCloseTo(wav.extra_info!.audio_duration, -1);

    const ogg = await speak({ format: 'ogg', sample_rate: 24000 });
    expect(Buffer.from(ogg.bytes.subarray(0, 4)).toString('latin1')).toBe('OggS');
    const info = inspectMedia(ogg.bytes)!;
    expect(info).toMatchObject({ kind: 'audio', sampleRate: 24000 });
    expect(info.durationS! * 1000).toBeCloseTo(ogg.extra_info!.audio_duration, -2);
    expect(ogg.extra_info!.audio_sample_rate).toBe(24000);

    const mp3 = await speak({ format: 'mp3', sample_rate: 22050 });
    expect(scanMp3(mp3.bytes)!.firstFrame.sampleRate).toBe(22050);
  });

  it('speaks faster at speed 2.0 than at 0.5, and differently per voice', async () => {
    const fast = await speak({ speed: 2 });
    const slow = await speak({ speed: 0.5 });
    expect(fast.extra_info!.audio_duration * 2).toBeLessThan(slow.extra_info!.audio_duration);
    const other = await speak({ voice_id: 'fr_louis' });
    expect(other.data.audio).not.toBe((await speak({})).data.audio);
  });

  it('speaks in a custom voice of this key and stack', async () => {
    upsertCustomVoice(emu.db, {
      voice_id: 'studio_voice',
      owner: hashKey(testKey),
      stack: testStack,
      name: 'Studio',
      description: '',
      language: 'en',
      gender: 'female',
      preview_media_id: null,
      voice_params: { espeakVoice: 'en-us+f3', pitch: 70, wordsPerMinute: 150 },
      source_task_id: null,
      created_at: '2025-03-01T12:00:00.000Z',
    });
    const custom = await speak({ voice_id: 'studio_voice' });
    expect(inspectMedia(custom.bytes)?.kind).toBe('audio');
    const res = await t2a({ text: TEXT, voice_id: 'studio_voice' }, 'stack-b');
    expect(res.status).toBe(400);
  });

  it('rejects an unknown voice, an over-long text and a missing stack id, naming the field', async () => {
    const unknown = await t2a({ text: TEXT, voice_id: 'nobody_here' });
    expect(unknown.status).toBe(400);
    expect(await errorOf(unknown)).toMatchObject({
      code: 'invalid_request',
      message: expect.stringMatching(/^voice_id: no voice named "nobody_here"/),
    });
    const celebrity = await t2a({ text: TEXT, voice_id: 'celeb_rex_thunder' });
    expect(celebrity.status).toBe(400);

    const long = await t2a({ text: 'a'.repeat(5001) });
    expect(long.status).toBe(400);
    expect((await errorOf(long)).message).toBe('text: must be at most 5000 characters (got 5001)');

    const noStack = await t2a({ text: TEXT }, null);
    expect(noStack.status).toBe(400);
    expect((await errorOf(noStack)).message).toMatch(/X-Stack-Id/);

    const badSpeed = await t2a({ text: TEXT, speed: 3 });
    expect((await errorOf(badSpeed)).message).toMatch(/^speed: /);
  });

  // How fast a repeated request is answered is a figure of bench/emulator.ts (POST /t2a repeats
  // one sentence): a time measured here would fail whenever the machine is busy.
  it('answers a repeated request from its cache with the same bytes', async () => {
    const text = 'Cache me if you can.';
    const synthesized = () =>
      vi.mocked(synthesizeSpeech).mock.calls.filter(([spoken]) => spoken === text).length;
    const first = await speak({ text });
    expect(synthesized()).toBe(1);
    const second = await speak({ text });
    expect(synthesized()).toBe(1);
    expect(second.data.audio).toBe(first.data.audio);
  });
});
