import { describe, expect, it } from 'vitest';
import { issuePaths, issuesOf, sampleVoice } from './test-helpers';
import {
  voiceExtendRequestSchema,
  voiceExtendResponseSchema,
  voiceListQuerySchema,
  voiceListResponseSchema,
} from './voices';

describe('GET /v1/voice/list query', () => {
  it('defaults scope to all and leaves language out', () => {
    expect(voiceListQuerySchema.parse({})).toEqual({ scope: 'all' });
  });

  it('accepts each scope and rejects others', () => {
    for (const scope of ['generic', 'custom', 'celebrity', 'all']) {
      expect(voiceListQuerySchema.parse({ scope }).scope).toBe(scope);
    }
    expect(issuesOf(voiceListQuerySchema, { scope: 'mine' })).toEqual([
      { path: 'scope', message: 'scope must be one of generic, custom, celebrity, all' },
    ]);
  });

  it('accepts ISO 639-1 codes and rejects others', () => {
    expect(voiceListQuerySchema.parse({ language: 'en' }).language).toBe('en');
    expect(issuePaths(voiceListQuerySchema, { language: 'xx' })).toEqual(['language']);
    expect(issuePaths(voiceListQuerySchema, { language: 'english' })).toEqual(['language']);
  });
});

describe('POST /v1/voice/extend body', () => {
  const valid = { reference_audio_url: 'https://cdn.example.com/ref.wav', text: 'And then…' };

  it('defaults format to wav and accepts mp3', () => {
    expect(voiceExtendRequestSchema.parse(valid).format).toBe('wav');
    expect(voiceExtendRequestSchema.parse({ ...valid, format: 'mp3' }).format).toBe('mp3');
  });

  it('rejects ogg, which only speech synthesis offers', () => {
    expect(issuesOf(voiceExtendRequestSchema, { ...valid, format: 'ogg' })).toEqual([
      { path: 'format', message: 'format must be wav or mp3' },
    ]);
  });

  it('requires an http(s) reference URL and non-empty text', () => {
    expect(
      issuePaths(voiceExtendRequestSchema, { ...valid, reference_audio_url: 'ref.wav' }),
    ).toEqual(['reference_audio_url']);
    expect(issuePaths(voiceExtendRequestSchema, { ...valid, text: '' })).toEqual(['text']);
    expect(issuePaths(voiceExtendRequestSchema, {})).toEqual(['reference_audio_url', 'text']);
  });
});

describe('voice responses', () => {
  const voice = sampleVoice;

  it('keeps unknown fields at every level', () => {
    const body = {
      data: { voices: [{ ...voice, accent: 'british' }], count: 1, scope: 'all', next: null },
      trace_id: 't1',
      served_by: 'edge',
    };
    expect(voiceListResponseSchema.parse(body)).toEqual(body);
  });

  it('accepts absent video fields, any gender and a missing trace_id', () => {
    const { video_url: _url, video_cid: _cid, ...withoutVideo } = voice;
    const body = {
      data: { voices: [{ ...withoutVideo, gender: 'unspecified' }], count: 1, scope: 'custom' },
    };
    expect(voiceListResponseSchema.safeParse(body).success).toBe(true);
  });

  it('rejects an entry without voice_id, pointing at it', () => {
    const { voice_id: _id, ...withoutId } = voice;
    const body = { data: { voices: [voice, withoutId], count: 2, scope: 'all' } };
    expect(issuePaths(voiceListResponseSchema, body)).toEqual(['data.voices.1.voice_id']);
  });

  it('parses the voice-extend audio result', () => {
    const body = {
      data: {
        audio_url: 'https://x.test/a.wav',
        audio_b64: 'UklGRg==',
        format: 'wav',
        sample_rate: 44100,
        duration_s: 2.5,
      },
      trace_id: 't',
    };
    expect(voiceExtendResponseSchema.parse(body)).toEqual(body);
    expect(
      issuePaths(voiceExtendResponseSchema, { data: { ...body.data, sample_rate: 'high' } }),
    ).toEqual(['data.sample_rate']);
  });
});
