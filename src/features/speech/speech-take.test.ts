import { describe, expect, it } from 'vitest';
import type { HistoryEntry as SharedEntry } from '../../api/contract/history';
import type { HistoryEntry as LocalEntry } from './history-store';
import { takeFromLocal, takeFromShared } from './speech-take';
import { takeCurl } from './take-curl';
import { historyEntryOf } from '../../test/history-entry';

const target = { baseUrl: 'https://api.example.com', stackId: null };

function shared(patch: Partial<SharedEntry>): SharedEntry {
  return historyEntryOf({
    id: 'speech_1',
    kind: 'speech',
    name: 'Hello there',
    params: {
      text: 'Hello there',
      voice_id: 'en_marcus',
      speed: 1.25,
      format: 'wav',
      sample_rate: 22050,
    },
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    status: 'completed',
    latest: null,
    result: {
      urls: ['/api/history/speech_1/audio'],
      file_ids: [],
      format: 'wav',
      size: 44_100,
      duration_s: 1.5,
      sample_rate: 22050,
    },
    ...patch,
  });
}

describe('takeFromShared', () => {
  it('plays a sync take from the audio the gateway kept, with its facts and its settings', () => {
    const take = takeFromShared(shared({}));
    expect(take).toMatchObject({
      kind: 'sync',
      text: 'Hello there',
      voiceId: 'en_marcus',
      status: 'completed',
      audio: new URL('/api/history/speech_1/audio', document.baseURI).href,
      format: 'wav',
      facts: { durationS: 1.5, sampleRate: 22050, size: 44_100, format: 'wav' },
      settings: {
        text: 'Hello there',
        voice_id: 'en_marcus',
        speed: 1.25,
        format: 'wav',
        sample_rate: 22050,
        mode: 'sync',
      },
      fromOtherClient: false,
    });
  });

  it('keeps an async task processing without audio until the poller completes it', () => {
    const params = { text: 'Later', voice_id: 'en_aria', format: 'mp3', sample_rate: 44100 };
    const running = takeFromShared(
      shared({ id: 'task_1', kind: 'speech_async', params, status: 'processing', result: null }),
    );
    expect(running).toMatchObject({ kind: 'async', status: 'processing', audio: null });
    expect(running.settings).toMatchObject({ mode: 'async', speed: 1 });

    const done = takeFromShared(
      shared({
        id: 'task_1',
        kind: 'speech_async',
        params,
        result: { urls: ['/media/task_1.mp3'], file_ids: [], duration_s: 2, sample_rate: 44100 },
      }),
    );
    expect(done).toMatchObject({
      status: 'completed',
      audio: new URL('/media/task_1.mp3', document.baseURI).href,
    });
    expect(done.facts).toMatchObject({ durationS: 2, sampleRate: 44100, format: 'mp3' });
  });

  it('marks another client’s request, and opens the form valid whatever it sent', () => {
    const take = takeFromShared(
      shared({ source: 'client', params: { text: 'Curl', speed: 9, format: 'flac' } }),
    );
    expect(take.fromOtherClient).toBe(true);
    expect(take.voiceId).toBe('');
    expect(take.settings).toEqual({
      text: 'Curl',
      voice_id: '',
      speed: 1,
      format: 'mp3',
      sample_rate: 44100,
      mode: 'sync',
    });
  });

  it('shows a voice extend with its continuation and no speech settings to reuse', () => {
    const take = takeFromShared(
      shared({
        kind: 'voice_extend',
        params: { reference_audio_url: 'https://x/ref.wav', text: 'And then', format: 'mp3' },
        result: { urls: ['https://x/out.mp3'], file_ids: [], format: 'mp3', duration_s: 3 },
      }),
    );
    expect(take).toMatchObject({ kind: 'extend', text: 'And then', audio: 'https://x/out.mp3' });
    expect(take.settings).toBeNull();
    expect(takeCurl(take.request, target)).toContain(
      "'https://api.example.com/api/v1/voice/extend'",
    );
  });

  it('plays only http(s) audio: another client may record any URL', () => {
    for (const url of ['javascript:alert(1)', 'data:audio/mp3;base64,AAAA', 'blob:x']) {
      const take = takeFromShared(shared({ result: { urls: [url], file_ids: [], format: 'mp3' } }));
      expect(take.audio).toBeNull();
    }
  });

  it('carries the failure of a refused request', () => {
    const take = takeFromShared(
      shared({
        status: 'failed',
        result: null,
        error: { code: 'invalid_request', message: 'No voice' },
      }),
    );
    expect(take).toMatchObject({ status: 'failed', error: 'No voice', audio: null });
  });

  it('gives the same take for the same entry, so unchanged rows skip rendering', () => {
    const entry = shared({});
    expect(takeFromShared(entry)).toBe(takeFromShared(entry));
  });

  it('copies the request as it was sent, with the key as a shell variable', () => {
    const curl = takeCurl(takeFromShared(shared({})).request, target);
    expect(curl).toContain("'https://api.example.com/api/v1/t2a'");
    expect(curl).toContain('$MEDIA_API_KEY');
    expect(curl).toContain('"speed": 1.25');
  });
});

describe('takeFromLocal', () => {
  it('keeps the audio this browser holds, and sends no speed to the async endpoint', () => {
    const audio = new Blob([new Uint8Array([1])], { type: 'audio/mpeg' });
    const entry: LocalEntry = {
      id: 'local-1',
      order: 1,
      created_at: '2026-03-01T10:00:00.000Z',
      settings: {
        text: 'Mine',
        voice_id: 'en_aria',
        speed: 1,
        format: 'mp3',
        sample_rate: 44100,
        mode: 'async',
      },
      audio: null,
      audioUrl: '/media/t.mp3',
      format: 'mp3',
      info: { durationMs: 1500, sampleRate: 44100 },
      traceId: null,
    };
    const take = takeFromLocal(entry);
    expect(take).toMatchObject({
      kind: 'async',
      audio: '/media/t.mp3',
      facts: { durationS: 1.5, sampleRate: 44100 },
      fromOtherClient: false,
    });
    expect(take.request.body).not.toHaveProperty('speed');
    expect(takeFromLocal({ ...entry, audio }).audio).toBe(audio);
  });
});
