import { beforeAll, describe, expect, it } from 'vitest';
import { voiceListResponseSchema, voiceSchema } from './contract/voices';
// Registers the voice list's hand check, as the first call to the voice catalog does.
import { definitionOf } from './endpoint-definitions';
import { listVoices } from './contract/endpoint-routes';
import { parseResponse } from './quick-parse';
import { isVoiceListResponse } from './voice-list-check';
import { sampleVoice as voice } from './contract/test-helpers';
import { badValues } from '../test/hand-check-agreement';

beforeAll(async () => {
  await definitionOf(listVoices);
});

const listOf = (...voices: unknown[]) => ({
  data: { voices, count: voices.length, scope: 'all' },
  trace_id: 't1',
});

describe('isVoiceListResponse', () => {
  it('accepts what the schema accepts, and the schema returns the body unchanged', () => {
    const { video_url: _url, video_cid: _cid, ...withoutVideo } = voice;
    const bodies = [
      listOf(),
      listOf(voice, { ...voice, video_url: 'https://cdn.example.com/v.mp4', video_cid: 'c' }),
      listOf({ ...withoutVideo, accent: 'british', gender: 'unspecified' }),
      { data: { voices: [voice], count: 1, scope: 'custom', next: null }, served_by: 'edge' },
    ];
    for (const body of bodies) {
      expect(isVoiceListResponse(body)).toBe(true);
      expect(voiceListResponseSchema.parse(body)).toStrictEqual(body);
    }
  });

  it('refuses every voice field the schema refuses, whatever the wrong value', () => {
    for (const field of Object.keys(voiceSchema.shape)) {
      for (const bad of badValues) {
        const body = listOf(voice, { ...voice, [field]: bad });
        const zodAccepts = voiceListResponseSchema.safeParse(body).success;
        // Never looser than the contract; stricter only sends the body through zod.
        if (!zodAccepts) expect(isVoiceListResponse(body), `${field}: ${String(bad)}`).toBe(false);
      }
    }
  });

  it('refuses envelopes the schema refuses', () => {
    const bodies: unknown[] = [
      null,
      [],
      'voices',
      { data: null },
      { data: [] },
      { ...listOf(), trace_id: 7 },
      { data: { voices: {}, count: 0, scope: 'all' } },
      { data: { voices: [], count: -1, scope: 'all' } },
      { data: { voices: [], count: 0.5, scope: 'all' } },
      { data: { voices: [], count: 0 } },
      listOf(null),
      listOf([voice]),
    ];
    for (const body of bodies) {
      expect(voiceListResponseSchema.safeParse(body).success).toBe(false);
      expect(isVoiceListResponse(body)).toBe(false);
    }
  });

  it('leaves an own __proto__ key to zod, which drops it', () => {
    const body: unknown = JSON.parse(
      `{"data":{"voices":[${JSON.stringify(voice).replace('{', '{"__proto__":{"x":1},')}],"count":1,"scope":"all"}}`,
    );
    expect(isVoiceListResponse(body)).toBe(false);
    const parsed = parseResponse(voiceListResponseSchema, body);
    expect(parsed.success).toBe(true);
    expect(Object.hasOwn(parsed.data!.data.voices[0]!, '__proto__')).toBe(false);
  });
});

describe('parseResponse', () => {
  it('returns a valid voice list as it is, and names the issue of an invalid one', () => {
    const body = listOf(voice);
    expect(parseResponse(voiceListResponseSchema, body)).toEqual({ success: true, data: body });
    // The very body, not zod's copy: the hand check ran, the first call to the service set it.
    expect(parseResponse(voiceListResponseSchema, body).data).toBe(body);
    const bad = parseResponse(voiceListResponseSchema, listOf(voice, { ...voice, voice_id: '' }));
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'data.voices.1.voice_id',
    ]);
  });
});
