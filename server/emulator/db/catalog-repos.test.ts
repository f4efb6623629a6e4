import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emulatorGenerationDataSchema } from '../../../src/api/contract/generation';
import { voiceSchema } from '../../../src/api/contract/voices';
import { hashKey, type Principal } from '../principal';
import { createTestEmulator, testKey, type TestEmulator } from '../test-support/test-emulator';
import {
  findCustomVoice,
  listCustomVoices,
  toCustomVoice,
  upsertCustomVoice,
  type CustomVoiceRecord,
} from './custom-voices-repo';
import { findGeneration, insertGeneration, toGenerationData } from './generations-repo';
import { findIdempotentResponse, saveIdempotentResponse } from './idempotency-repo';
import { incrementVoiceUsage, voiceUsageCounts } from './voice-usage-repo';

const T = '2025-03-01T12:00:00.000Z';
const me: Principal = { keyHash: hashKey(testKey), stackId: 'stack-a' };
const elsewhere: Principal = { ...me, stackId: 'stack-b' };
let emu: TestEmulator;
beforeEach(() => {
  emu = createTestEmulator();
});
afterEach(() => emu.cleanup());

describe('generations', () => {
  it('map to the emulator generation data with URLs for the origin', async () => {
    const media = await emu.mediaStore.put({ bytes: Buffer.from('png'), contentType: 'image/png' });
    insertGeneration(emu.db, {
      id: 'gen_1',
      owner: me.keyHash,
      stack: me.stackId,
      endpoint: 'image.generate',
      tool: 'generate_image_5',
      prompt: 'a cat',
      parameters: { seed: 1 },
      status: 'completed',
      outputs: [{ media_id: media.id, content_type: 'image/png', width: 64, height: 64 }],
      created_at: T,
    });
    const record = findGeneration(emu.db, 'gen_1', me)!;
    expect(record.parameters).toEqual({ seed: 1 });
    const data = emulatorGenerationDataSchema.parse(
      toGenerationData(record, (id) => `http://a/${id}`),
    );
    expect(data.outputs).toEqual([
      { url: `http://a/${media.id}`, content_type: 'image/png', width: 64, height: 64 },
    ]);
  });
});

describe('custom voices and usage', () => {
  it('are scoped, replaced by name, and map to catalog entries', () => {
    const voice: CustomVoiceRecord = {
      voice_id: 'narrator',
      owner: me.keyHash,
      stack: me.stackId,
      name: 'Narrator',
      description: 'Warm',
      language: 'en',
      gender: 'female',
      preview_media_id: null,
      voice_params: { pitch: 40 },
      source_task_id: null,
      created_at: T,
    };
    upsertCustomVoice(emu.db, voice);
    upsertCustomVoice(emu.db, { ...voice, description: 'Warmer' });
    expect(listCustomVoices(emu.db, me).map((v) => v.description)).toEqual(['Warmer']);
    expect(listCustomVoices(emu.db, elsewhere)).toEqual([]);
    expect(findCustomVoice(emu.db, 'narrator', me)?.voice_params).toEqual({ pitch: 40 });
    incrementVoiceUsage(emu.db, me.keyHash, 'narrator');
    incrementVoiceUsage(emu.db, me.keyHash, 'narrator');
    const usage = voiceUsageCounts(emu.db, me.keyHash);
    const entry = voiceSchema.parse(
      toCustomVoice(
        findCustomVoice(emu.db, 'narrator', me)!,
        { url: 'http://a/p', cid: 'abc' },
        usage.get('narrator') ?? 0,
        ['designed'],
      ),
    );
    expect(entry).toMatchObject({
      voice_id: 'narrator',
      audio_url: 'http://a/p',
      usage_count: 2,
      tags: ['designed'],
      is_default: false,
    });
  });
});

describe('idempotency', () => {
  it('stores the first response per owner, endpoint and key', () => {
    const scope = { owner: me.keyHash, endpoint: 'video.generate', key: 'k1' };
    expect(findIdempotentResponse(emu.db, scope)).toBeNull();
    expect(saveIdempotentResponse(emu.db, scope, { data: { id: 'a' } }, T)).toBe(true);
    expect(saveIdempotentResponse(emu.db, scope, { data: { id: 'b' } }, T)).toBe(false);
    expect(findIdempotentResponse(emu.db, scope)).toEqual({ data: { id: 'a' } });
    expect(findIdempotentResponse(emu.db, { ...scope, endpoint: 'image.generate' })).toBeNull();
  });
});

it('never stores the API key itself', async () => {
  const form = new FormData();
  form.append('purpose', 'general');
  form.append('file', new Blob(['x']), 'x.txt');
  await emu.request('/api/v1/files/upload', {
    method: 'POST',
    headers: { authorization: `Bearer ${testKey}` },
    body: form,
  });
  emu.db.pragma('wal_checkpoint(TRUNCATE)');
  const file = readFileSync(join(emu.dir, 'emulator.sqlite'));
  expect(file.includes(Buffer.from(testKey))).toBe(false);
  expect(file.includes(Buffer.from(hashKey(testKey)))).toBe(true);
});
