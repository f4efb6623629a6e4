import { describe, expect, it } from 'vitest';
import { firstWords } from '../../src/api/contract/history';
import { creationFacts, keptLatest, matchRecordedRoute, refusedName } from './recorded-routes';

describe('matchRecordedRoute', () => {
  it('knows every creation endpoint by method and path, trailing slash or not', () => {
    expect(matchRecordedRoute('POST', '/api/v1/training/voice')).toEqual({
      type: 'creation',
      kind: 'voice',
    });
    expect(matchRecordedRoute('POST', '/api/v1/t2a/')).toEqual({
      type: 'creation',
      kind: 'speech',
    });
    expect(matchRecordedRoute('POST', '/api/v1/t2a/async')).toEqual({
      type: 'creation',
      kind: 'speech_async',
    });
    expect(matchRecordedRoute('POST', '/api/v1/files/upload')?.type).toBe('creation');
    expect(matchRecordedRoute('GET', '/api/v1/training/voice')).toBeNull();
    expect(matchRecordedRoute('POST', '/api/v1/voice/list')).toBeNull();
  });

  it('reads status paths with their decoded id, and nothing below them', () => {
    expect(matchRecordedRoute('GET', '/api/v1/training/status/task%20one')).toEqual({
      type: 'status',
      kind: 'training',
      id: 'task one',
    });
    expect(matchRecordedRoute('GET', '/api/v1/t2a/async/abc')).toEqual({
      type: 'status',
      kind: 'speech_async',
      id: 'abc',
    });
    expect(matchRecordedRoute('GET', '/api/v1/training/status/a/b')).toBeNull();
    expect(matchRecordedRoute('GET', '/api/v1/training/status/%E0%A4%A')).toBeNull();
  });
});

describe('firstWords', () => {
  it('keeps a short text whole and cuts a long one at a word, with an ellipsis', () => {
    expect(firstWords('  a   calm\n voice ')).toBe('a calm voice');
    const long = 'The quick brown fox jumps over the lazy dog while the narrator keeps reading on';
    const cut = firstWords(long, 30);
    expect(cut).toBe('The quick brown fox jumps over…');
    expect(cut.length).toBeLessThanOrEqual(31);
  });
});

describe('creationFacts', () => {
  it('names training by its name and keeps the task id and status', () => {
    expect(
      creationFacts(
        'voice',
        { name: 'narrator' },
        { task_id: 't1', name: 'narrator', status: 'queued' },
      ),
    ).toEqual({ id: 't1', name: 'narrator', status: 'queued', result: null });
  });

  it('takes a generation id, the first words of its prompt and its output URLs', () => {
    const facts = creationFacts(
      'image',
      { prompt: 'A lighthouse at dusk' },
      {
        id: 'gen_1',
        status: 'succeeded',
        outputs: [
          { url: 'https://cdn/x.png', content_type: 'image/png' },
          { url: 'https://cdn/y.png' },
        ],
      },
    );
    expect(facts).toEqual({
      id: 'gen_1',
      name: 'A lighthouse at dusk',
      status: 'succeeded',
      result: {
        urls: ['https://cdn/x.png', 'https://cdn/y.png'],
        file_ids: [],
        content_type: 'image/png',
      },
    });
  });

  it('makes an id for results the service gives none, per kind', () => {
    const speech = creationFacts('speech', { text: 'Hello there' }, { audio: 'ff', status: 2 });
    expect(speech.id).toMatch(/^speech_[0-9a-f-]{36}$/);
    expect(speech.name).toBe('Hello there');
    const extend = creationFacts(
      'voice_extend',
      { text: 'More words' },
      { audio_url: 'https://cdn/a.wav', format: 'wav', sample_rate: 24000, duration_s: 3.5 },
    );
    expect(extend.result).toEqual({
      urls: ['https://cdn/a.wav'],
      file_ids: [],
      format: 'wav',
      sample_rate: 24000,
      duration_s: 3.5,
    });
  });

  it('describes an upload by its file and a sandbox by its language', () => {
    expect(
      creationFacts(
        'upload',
        {},
        { file_id: 'f1', filename: 'take.wav', size: 42, purpose: 'general' },
      ),
    ).toEqual({
      id: 'f1',
      name: 'take.wav',
      status: 'completed',
      result: { urls: [], file_ids: ['f1'], size: 42 },
    });
    expect(
      creationFacts('sandbox', {}, { sandbox_id: 's1', language: 'python', status: 'ready' }),
    ).toMatchObject({ id: 's1', name: 'python sandbox', status: 'ready' });
  });
});

describe('refusedName', () => {
  it('uses the name, prompt or text, else the kind', () => {
    expect(refusedName('voice', { name: 'bad name!' })).toBe('bad name!');
    expect(refusedName('image', { prompt: '' })).toBe('image');
    expect(refusedName('speech', { text: 'Say this' })).toBe('Say this');
  });
});

describe('keptLatest', () => {
  it('drops the inline audio of a voice extend and keeps everything else', () => {
    const data = {
      audio_url: 'https://cdn.example/x.wav',
      audio_b64: 'UklGRiQAAABXQVZF',
      format: 'wav',
      sample_rate: 24000,
      duration_s: 6.5,
    };
    expect(keptLatest('voice_extend', data)).toEqual({
      audio_url: 'https://cdn.example/x.wav',
      format: 'wav',
      sample_rate: 24000,
      duration_s: 6.5,
    });
  });

  it('keeps other kinds’ data as the service sent it', () => {
    const data = { audio_b64: 'kept', id: 'gen_1' };
    expect(keptLatest('image', data)).toBe(data);
    expect(keptLatest('voice_extend', { audio_url: 'u' })).toEqual({ audio_url: 'u' });
  });
});
