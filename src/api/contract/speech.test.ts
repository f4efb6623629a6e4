import { describe, expect, it } from 'vitest';
import {
  isTerminalSpeechTaskStatus,
  speechTaskStatuses,
  t2aAsyncRequestSchema,
  t2aAsyncResponseSchema,
  t2aAsyncResultResponseSchema,
  t2aRequestSchema,
  t2aResponseSchema,
} from './speech';
import { issuePaths, issuesOf } from './test-helpers';

describe('POST /v1/t2a body', () => {
  it('fills the spec’s defaults', () => {
    expect(t2aRequestSchema.parse({ text: 'Hello' })).toEqual({
      text: 'Hello',
      voice_id: 'default',
      speed: 1,
      format: 'mp3',
      sample_rate: 44100,
    });
  });

  it('requires non-empty text', () => {
    expect(issuesOf(t2aRequestSchema, { text: '' })).toEqual([
      { path: 'text', message: 'text must not be empty' },
    ]);
    expect(issuePaths(t2aRequestSchema, {})).toEqual(['text']);
  });

  it('accepts speed 0.5 and 2.0 and rejects 0.49 and 2.01', () => {
    expect(t2aRequestSchema.parse({ text: 't', speed: 0.5 }).speed).toBe(0.5);
    expect(t2aRequestSchema.parse({ text: 't', speed: 2.0 }).speed).toBe(2);
    for (const speed of [0.49, 2.01]) {
      expect(issuesOf(t2aRequestSchema, { text: 't', speed })).toEqual([
        { path: 'speed', message: 'speed must be between 0.5 and 2.0' },
      ]);
    }
  });

  it('accepts mp3, wav and ogg and rejects flac', () => {
    for (const format of ['mp3', 'wav', 'ogg']) {
      expect(t2aRequestSchema.safeParse({ text: 't', format }).success).toBe(true);
    }
    expect(issuesOf(t2aRequestSchema, { text: 't', format: 'flac' })).toEqual([
      { path: 'format', message: 'format must be one of mp3, wav, ogg' },
    ]);
  });

  it('accepts whole sample rates from 8000 to 48000 Hz only', () => {
    for (const sample_rate of [8000, 22050, 48000]) {
      expect(t2aRequestSchema.safeParse({ text: 't', sample_rate }).success).toBe(true);
    }
    for (const sample_rate of [7999, 48001, 44100.5, '44100']) {
      expect(issuePaths(t2aRequestSchema, { text: 't', sample_rate })).toEqual(['sample_rate']);
    }
  });

  it('rejects an empty voice_id instead of sending it', () => {
    expect(issuePaths(t2aRequestSchema, { text: 't', voice_id: '' })).toEqual(['voice_id']);
  });
});

describe('POST /v1/t2a/async body', () => {
  it('has the same rules and defaults, without speed', () => {
    expect(t2aAsyncRequestSchema.parse({ text: 'Hello', speed: 1.5 })).toEqual({
      text: 'Hello',
      voice_id: 'default',
      format: 'mp3',
      sample_rate: 44100,
    });
    expect(issuePaths(t2aAsyncRequestSchema, { text: 't', format: 'flac' })).toEqual(['format']);
    expect(issuePaths(t2aAsyncRequestSchema, { text: '' })).toEqual(['text']);
  });
});

describe('speech responses', () => {
  const sync = {
    data: { audio: '494433', status: 2 },
    trace_id: 't1',
    extra_info: {
      audio_duration: 1500,
      audio_sample_rate: 44100,
      audio_channel: 1,
      bitrate: 128000,
      audio_size: 24000,
    },
  };

  it('parses the synchronous result and keeps unknown fields', () => {
    const body = { ...sync, base_resp: { status_code: 0 }, data: { ...sync.data, subtitle: null } };
    expect(t2aResponseSchema.parse(body)).toEqual(body);
  });

  it('accepts a result without extra_info or trace_id', () => {
    expect(t2aResponseSchema.safeParse({ data: sync.data }).success).toBe(true);
  });

  it('rejects non-integer audio facts', () => {
    const body = { ...sync, extra_info: { ...sync.extra_info, audio_duration: 1.5 } };
    expect(issuePaths(t2aResponseSchema, body)).toEqual(['extra_info.audio_duration']);
  });

  it('parses the async creation response', () => {
    const parsed = t2aAsyncResponseSchema.parse({ data: { task_id: 'a1', status: 'processing' } });
    expect(parsed.data.status).toBe('processing');
  });

  it('parses an async task in each state, and an unknown status', () => {
    const processing = { data: { task_id: 'a1', status: 'processing' }, trace_id: 't' };
    const completed = {
      data: {
        task_id: 'a1',
        status: 'completed',
        audio_url: 'https://x.test/a.mp3',
        format: 'mp3',
        duration_s: 1.5,
        words: 2,
      },
    };
    const failedObject = {
      data: { task_id: 'a1', status: 'failed', error: { code: 'x', message: 'y' } },
    };
    const failedString = { data: { task_id: 'a1', status: 'failed', error: 'voice not found' } };
    const unknown = { data: { task_id: 'a1', status: 'queued_for_gpu' } };
    for (const body of [processing, completed, failedObject, failedString, unknown]) {
      expect(t2aAsyncResultResponseSchema.parse(body)).toEqual(body);
    }
    expect(issuePaths(t2aAsyncResultResponseSchema, { data: { status: 'completed' } })).toEqual([
      'data.task_id',
    ]);
  });

  it('stops polling only on completed and failed', () => {
    expect(speechTaskStatuses).toEqual(['processing', 'completed', 'failed']);
    expect(isTerminalSpeechTaskStatus('completed')).toBe(true);
    expect(isTerminalSpeechTaskStatus('failed')).toBe(true);
    expect(isTerminalSpeechTaskStatus('processing')).toBe(false);
    expect(isTerminalSpeechTaskStatus('something_new')).toBe(false);
  });
});
