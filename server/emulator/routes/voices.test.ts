import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voiceListResponseSchema, type Voice } from '../../../src/api/contract/voices';
import { upsertCustomVoice } from '../db/custom-voices-repo';
import { inspectMedia } from '../media/inspect';
import { hashKey } from '../principal';
import {
  createTestEmulator,
  headers,
  otherKey,
  testKey,
  testStack,
  type TestEmulator,
} from '../test-support/test-emulator';

// One data dir for the file: the first list renders the 48 previews (~5 s), later ones reuse them.
let emu: TestEmulator;
const extra: TestEmulator[] = [];
beforeAll(() => {
  emu = createTestEmulator({ EMULATOR_RATE_LIMIT: '100000' });
});
afterAll(async () => {
  await Promise.all([emu, ...extra].map((e) => e.cleanup()));
});

async function list(
  target: TestEmulator,
  query = '',
  init: { key?: string; stack?: string | null } = {},
) {
  return target.request(`/api/v1/voice/list${query}`, { headers: headers(init) });
}
async function voices(target: TestEmulator, query = '', init = {}): Promise<Voice[]> {
  const res = await list(target, query, init);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = voiceListResponseSchema.parse(await res.json());
  expect(res.headers.get('x-trace-id')).toBe(body.trace_id);
  expect(body.data.count).toBe(body.data.voices.length);
  return body.data.voices;
}
async function bytesOf(target: TestEmulator, url: string): Promise<Uint8Array> {
  const res = await target.request(new URL(url).pathname);
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}
const cid = (bytes: Uint8Array) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

describe('GET /v1/voice/list', () => {
  it('lists the generic catalog with real MP3 previews in each voice language', async () => {
    const all = await voices(emu, '?scope=generic');
    expect(all.length).toBeGreaterThanOrEqual(40);
    expect(new Set(all.map((v) => v.language)).size).toBeGreaterThanOrEqual(8);
    expect(all.filter((v) => v.is_default).map((v) => v.voice_id)).toEqual(['en_aria']);
    expect(new Set(all.map((v) => v.audio_cid)).size).toBe(all.length);
    for (const voice of all) {
      const bytes = await bytesOf(emu, voice.audio_url);
      const info = inspectMedia(bytes);
      expect(info, voice.voice_id).toMatchObject({ kind: 'audio', format: 'mp3' });
      expect(info!.durationS!).toBeGreaterThan(1);
      expect(voice.audio_cid).toBe(cid(bytes));
    }
  }, 60_000);

  it('serves real MP4 video previews for the voices that have one', async () => {
    const withVideo = (await voices(emu)).filter((v) => v.video_url);
    expect(withVideo.length).toBeGreaterThanOrEqual(3);
    for (const voice of withVideo) {
      const bytes = await bytesOf(emu, voice.video_url!);
      expect(inspectMedia(bytes)).toMatchObject({ kind: 'video', format: 'mp4' });
      expect(voice.video_cid).toBe(cid(bytes));
    }
    expect((await voices(emu)).some((v) => v.video_url === null && v.video_cid === null)).toBe(
      true,
    );
  });

  it('filters by scope and language, and echoes the scope', async () => {
    const res = await list(emu, '?language=fr');
    const body = voiceListResponseSchema.parse(await res.json());
    expect(body.data.scope).toBe('all');
    expect(body.data.voices.length).toBeGreaterThanOrEqual(3);
    expect(body.data.voices.every((v) => v.language === 'fr')).toBe(true);
    expect(await voices(emu, '?scope=custom')).toEqual([]);
    expect(await voices(emu, '?language=sw')).toEqual([]);
  });

  it('writes the list as ASCII JSON, with the catalog’s and custom voices’ other scripts escaped', async () => {
    upsertCustomVoice(emu.db, {
      voice_id: 'my_chinese_narrator',
      owner: hashKey(testKey),
      // A stack of its own, so the other tests' custom scope stays as they expect it.
      stack: 'stack-ascii',
      name: '我的旁白',
      description: 'Entraînée à partir de trois extraits 🎙️',
      language: 'zh',
      gender: 'female',
      preview_media_id: null,
      voice_params: { espeakVoice: 'cmn', pitch: 50, wordsPerMinute: 160 },
      source_task_id: null,
      created_at: '2025-03-01T12:00:00.000Z',
    });
    const text = await (await list(emu, '', { stack: 'stack-ascii' })).text();
    expect(text).toMatch(/^[\x20-\x7e]*$/);
    const listed = voiceListResponseSchema.parse(JSON.parse(text)).data.voices;
    expect(listed.find((v) => v.voice_id === 'my_chinese_narrator')).toMatchObject({
      name: '我的旁白',
      description: 'Entraînée à partir de trois extraits 🎙️',
    });
    // Seed voices in other scripts come back as written.
    expect(listed.some((v) => /[\u4e00-\u9fff]/.test(v.description))).toBe(true);
  });

  it('lists this key and stack’s custom voices, tagged custom, with a real preview', async () => {
    upsertCustomVoice(emu.db, {
      voice_id: 'my_narrator',
      owner: hashKey(testKey),
      stack: testStack,
      name: 'My narrator',
      description: 'Trained from three clips',
      language: 'en',
      gender: 'male',
      preview_media_id: null,
      voice_params: { espeakVoice: 'en-us+m3', pitch: 35, wordsPerMinute: 160 },
      source_task_id: null,
      created_at: '2025-03-01T12:00:00.000Z',
    });
    const [custom, ...rest] = await voices(emu, '?scope=custom');
    expect(rest).toEqual([]);
    expect(custom).toMatchObject({ voice_id: 'my_narrator', is_default: false });
    expect(custom!.tags).toContain('custom');
    expect(inspectMedia(await bytesOf(emu, custom!.audio_url))?.kind).toBe('audio');
    expect((await voices(emu)).map((v) => v.voice_id)).toContain('my_narrator');
    expect(await voices(emu, '?scope=custom&language=de')).toEqual([]);
    expect(await voices(emu, '?scope=custom', { stack: 'stack-b' })).toEqual([]);
    expect(await voices(emu, '?scope=custom', { key: otherKey })).toEqual([]);
  });

  it('names the field of an invalid scope or language, and requires X-Stack-Id', async () => {
    for (const [query, field] of [
      ['?scope=famous', 'scope: '],
      ['?language=english', 'language: '],
    ] as const) {
      const res = await list(emu, query);
      expect(res.status).toBe(400);
      const { error } = (await res.json()) as { error: { code: string; message: string } };
      expect(error.code).toBe('invalid_request');
      expect(error.message.startsWith(field)).toBe(true);
    }
    const res = await list(emu, '', { stack: null });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
      /X-Stack-Id/,
    );
  });

  it('counts each key’s speech uses on top of the catalog count', async () => {
    const before = (await voices(emu, '?language=en')).find((v) => v.voice_id === 'en_aria')!;
    for (const voice_id of ['default', 'en_aria']) {
      const res = await emu.request('/api/v1/t2a', {
        method: 'POST',
        headers: headers({ json: true }),
        body: JSON.stringify({ text: 'Counting.', voice_id }),
      });
      expect(res.status).toBe(200);
    }
    const after = (await voices(emu, '?language=en')).find((v) => v.voice_id === 'en_aria')!;
    expect(after.usage_count).toBe(before.usage_count + 2);
    const other = (await voices(emu, '?language=en', { key: otherKey })).find((v) => v.is_default)!;
    expect(other.usage_count).toBe(before.usage_count);
  });

  it('follows what it keeps: custom voices created or replaced, speech counted', async () => {
    const stack = 'stack-kept';
    const listed = async () =>
      (await voices(emu, '?scope=custom', { stack })).map(
        (v) => `${v.voice_id} ${v.description} ${v.usage_count}`,
      );
    expect(await listed()).toEqual([]);
    expect(await listed()).toEqual([]);
    const voice = {
      voice_id: 'kept_voice',
      owner: hashKey(testKey),
      stack,
      name: 'Kept voice',
      description: 'First take',
      language: 'en',
      gender: 'female',
      preview_media_id: null,
      voice_params: { espeakVoice: 'en-us+f2', pitch: 60, wordsPerMinute: 170 },
      source_task_id: null,
      created_at: '2025-03-01T12:00:00.000Z',
    };
    upsertCustomVoice(emu.db, voice);
    expect(await listed()).toEqual(['kept_voice First take 0']);
    upsertCustomVoice(emu.db, { ...voice, description: 'Second take' });
    expect(await listed()).toEqual(['kept_voice Second take 0']);
    const speech = await emu.request('/api/v1/t2a', {
      method: 'POST',
      headers: headers({ json: true, stack }),
      body: JSON.stringify({ text: 'Counted.', voice_id: 'kept_voice' }),
    });
    expect(speech.status).toBe(200);
    expect(await listed()).toEqual(['kept_voice Second take 1']);
    // Another stack of the same key never sees it, before or after.
    expect(await voices(emu, '?scope=custom', { stack: 'stack-other' })).toEqual([]);
  });

  it('gives each answer its own trace id, in the header and the body', async () => {
    const traceIds = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await list(emu, '?scope=generic');
      const body = voiceListResponseSchema.parse(await res.json());
      expect(res.headers.get('x-trace-id')).toBe(body.trace_id);
      traceIds.add(String(body.trace_id));
    }
    expect(traceIds.size).toBe(3);
  });

  it('keeps celebrity voices empty unless EMULATOR_CELEBRITY=1', async () => {
    expect(await voices(emu, '?scope=celebrity')).toEqual([]);
    const celeb = createTestEmulator({ EMULATOR_CELEBRITY: '1' });
    extra.push(celeb);
    const listed = await voices(celeb, '?scope=celebrity');
    expect(listed.length).toBeGreaterThanOrEqual(3);
    expect(listed.every((v) => v.tags.includes('celebrity'))).toBe(true);
    const bytes = await bytesOf(celeb, listed[0]!.audio_url);
    expect(inspectMedia(bytes)?.format).toBe('mp3');
    const all = await voices(celeb);
    expect(all.filter((v) => v.tags.includes('celebrity'))).toHaveLength(listed.length);
  }, 30_000);

  // How fast the 10,000 voices are listed is a figure of bench/emulator-timings.ts: a time
  // measured here would fail whenever the machine is busy.
  it('pads the generic catalog with EMULATOR_VOICES', async () => {
    const big = createTestEmulator({ EMULATOR_VOICES: '10000' });
    extra.push(big);
    const all = await voices(big, '?scope=generic');
    expect(all).toHaveLength(10000);
    expect(new Set(all.map((v) => v.voice_id)).size).toBe(10000);
    expect(all.filter((v) => v.is_default)).toHaveLength(1);
    const japanese = await voices(big, '?scope=generic&language=ja');
    expect(japanese).not.toHaveLength(0);
    expect(japanese.every((v) => v.language === 'ja')).toBe(true);
  }, 30_000);

  it('keeps the same preview media across a restart', async () => {
    const before = await voices(emu, '?scope=generic');
    const mediaCount = () => emu.db.prepare('SELECT count(*) FROM media').pluck().get();
    const stored = mediaCount();
    await emu.close();
    emu = createTestEmulator({}, { dir: emu.dir });
    const after = await voices(emu, '?scope=generic');
    expect(after.map((v) => v.audio_url)).toEqual(before.map((v) => v.audio_url));
    expect(after.map((v) => v.video_url)).toEqual(before.map((v) => v.video_url));
    // Nothing rendered or stored again: the restart reuses the files on disk.
    expect(mediaCount()).toBe(stored);
    // Uses recorded by speech earlier in this file were written at close.
    expect(after.map((v) => v.usage_count)).toEqual(before.map((v) => v.usage_count));
  });
});
