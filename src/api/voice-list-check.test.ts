import { describe, expect, it } from 'vitest';
import { voiceListResponseSchema, voiceSchema } from './contract/voices';
import { isVoiceListResponse } from './voice-list-check';
import { sampleVoice as voice } from './contract/test-helpers';
import { badValues } from '../test/hand-check-agreement';

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
    const parsed = voiceListResponseSchema.safeParse(body);
    expect(parsed.success).toBe(true);
    expect(Object.hasOwn(parsed.data!.data.voices[0]!, '__proto__')).toBe(false);
  });
});
