import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HistoryEntry } from '../../src/api/contract/history';
import type { Principal } from '../access/types';
import type { SqlDb } from '../db/sql-db';
import type { SentBody } from '../request-body';
import { captureLogger } from '../test-support/gateway-server';
import { createHistoryStore } from './history-store';
import { openHistorySqlite } from './history-db';
import { createRecorder, starterOf, type ForwardOptions, type RecorderDeps } from './recorder';
import { createStartKeys, type StartKeys } from './start-keys';
import { query, record } from './test-store';
import type { HistoryStore } from './types';

/** What the service was sent: the body as it arrived, and how the gateway asked to forward it. */
interface ServiceCall {
  text: string;
  options: ForwardOptions | undefined;
}

type Answer = () => Response | Promise<Response>;

let dir: string;
let db: SqlDb;
let store: HistoryStore;
let startKeys: StartKeys;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'media-studio-recorder-answers-'));
  db = openHistorySqlite(dir);
  store = createHistoryStore(db);
  startKeys = createStartKeys(db);
});

afterEach(async () => {
  vi.useRealTimers();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * The recorder in front of a stand-in for the service, which answers each request with the
 * next of `answers` (the last one again once they run out).
 */
function gateway(
  answers: Answer | Answer[],
  options: {
    principal?: Principal;
    deps?: Partial<RecorderDeps>;
  } = {},
) {
  const queue = Array.isArray(answers) ? answers : [answers];
  const calls: ServiceCall[] = [];
  const watched: string[] = [];
  const saved: { id: string; bytes: Uint8Array; contentType: string }[] = [];
  const failures: string[] = [];
  const logger = captureLogger();
  const recorder = createRecorder({
    store,
    audio: {
      save(id, bytes, contentType) {
        saved.push({ id, bytes: new Uint8Array(bytes), contentType });
        return Promise.resolve();
      },
    },
    health: { fail: (message) => failures.push(message) },
    watch: (id) => watched.push(id),
    logger,
    startKeys,
    ...options.deps,
  });
  const app = new Hono();
  app.use(async (c, next) => {
    c.set('principal', options.principal);
    await next();
  });
  app.all('*', (c) =>
    recorder.forward(c, c.req.path, async (sent?: SentBody, forwardOptions?: ForwardOptions) => {
      // As the gateway forwards: what the recorder read, else the body as it arrives.
      const body = sent ?? c.req.raw.body;
      const text = body ? await new Response(body).text() : '';
      calls.push({ text, options: forwardOptions });
      const answer = queue[Math.min(calls.length - 1, queue.length - 1)]!;
      return answer();
    }),
  );
  return { app, calls, watched, saved, failures, logger };
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });

const post = (app: Hono, path: string, body: unknown, headers: Record<string, string> = {}) =>
  app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

async function entries(): Promise<HistoryEntry[]> {
  return (await store.list(query({ limit: 100 }))).entries;
}

async function onlyEntry(): Promise<HistoryEntry> {
  const all = await entries();
  expect(all).toHaveLength(1);
  return all[0]!;
}

const sandboxCreated = json(200, {
  data: { sandbox_id: 'sbx_1', language: 'python', status: 'ready' },
});

describe('what the recorder keeps of an accepted creation', () => {
  it('keeps the trace id from the body before the header, and the header when the body has none', async () => {
    const g = gateway([
      json(200, { data: { sandbox_id: 'sbx_a' }, trace_id: 'tr-body' }, { 'x-trace-id': 'tr-h' }),
      json(200, { data: { sandbox_id: 'sbx_b' }, trace_id: 42 }, { 'x-trace-id': 'tr-header' }),
    ]);
    await post(g.app, '/api/v1/code/sandbox', { language: 'python' });
    await post(g.app, '/api/v1/code/sandbox', { language: 'python' });
    expect((await store.get('sbx_a'))?.trace_id).toBe('tr-body');
    expect((await store.get('sbx_b'))?.trace_id).toBe('tr-header');
  });

  it('times a creation from sending it to the last byte of its answer', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    vi.advanceTimersByTime(5_000);
    const g = gateway(() => {
      vi.advanceTimersByTime(1_250);
      return sandboxCreated();
    });
    await post(g.app, '/api/v1/code/sandbox', { language: 'python' });
    expect((await onlyEntry()).elapsed_ms).toBe(1_250);
  });

  it('records any 2xx answer with data, and no other answer as a created job', async () => {
    const created = { data: { task_id: 'task_x', status: 'queued' } };
    const g = gateway([
      json(300, created),
      json(409, created),
      json(500, created),
      json(201, { data: { task_id: 'task_201', status: 'queued' } }),
    ]);
    for (let i = 0; i < 4; i++)
      await post(g.app, '/api/v1/training/voice', { name: 'v', reference_urls: [] });
    expect((await entries()).map((e) => [e.id, e.status])).toEqual([['task_201', 'queued']]);
    expect(g.failures).toEqual([]);
  });

  it('records nothing, and reports nothing, for a 2xx answer without an object of data', async () => {
    const g = gateway([
      json(200, { ok: true }),
      json(200, { data: 'accepted' }),
      json(200, { data: ['sbx_1'] }),
      json(200, ['sbx_1']),
    ]);
    for (let i = 0; i < 4; i++) {
      const res = await post(g.app, '/api/v1/code/sandbox', { language: 'python' });
      expect(res.status).toBe(200);
    }
    expect(await entries()).toEqual([]);
    expect(g.failures).toEqual([]);
  });

  it('hands a job that is still moving to the poller, and never a finished creation', async () => {
    const g = gateway([
      json(200, { data: { task_id: 'task_q', status: 'queued' } }),
      json(200, { data: { task_id: 'task_done', status: 'completed' } }),
      sandboxCreated,
    ]);
    await post(g.app, '/api/v1/training/voice', { name: 'queued_voice' });
    await post(g.app, '/api/v1/training/voice', { name: 'done_voice' });
    await post(g.app, '/api/v1/code/sandbox', { language: 'python' });
    expect(g.watched).toEqual(['task_q']);
    expect(await entries()).toHaveLength(3);
  });

  it('keeps an upload by what the service says of the file, never by its body', async () => {
    const g = gateway(
      json(200, {
        data: { file_id: 'file_1', filename: 'take.wav', purpose: 'voice', size: 4, bytes: 4 },
      }),
    );
    const form = new FormData();
    form.set('purpose', 'voice');
    form.set('file', new Blob([new Uint8Array([1, 2, 3, 4])]), 'take.wav');
    const res = await g.app.request('/api/v1/files/upload', { method: 'POST', body: form });
    expect(res.status).toBe(200);
    expect(g.calls[0]!.text).toContain('take.wav');
    const entry = await onlyEntry();
    expect(entry).toMatchObject({ id: 'file_1', kind: 'upload' });
    expect(entry.params).toEqual({ filename: 'take.wav', purpose: 'voice', size: 4 });
  });

  it('does not read an upload sent as JSON: a refused one keeps no parameters', async () => {
    const g = gateway(json(400, { error: { code: 'invalid_request', message: 'Send a file.' } }));
    await post(g.app, '/api/v1/files/upload', { purpose: 'voice', filename: 'secret.wav' });
    expect(g.calls[0]!.text).toBe('{"purpose":"voice","filename":"secret.wav"}');
    const entry = await onlyEntry();
    expect(entry).toMatchObject({ kind: 'upload', status: 'failed' });
    expect(entry.params).toEqual({});
  });
});

describe('the request body the recorder reads', () => {
  it('keeps the parameters of a JSON body of declared length, up to 1 MB exactly', async () => {
    const g = gateway(sandboxCreated);
    const small = JSON.stringify({ language: 'python' });
    await post(g.app, '/api/v1/code/sandbox', small, {
      'content-length': String(small.length),
    });
    expect((await onlyEntry()).params).toEqual({ language: 'python' });
    await store.delete('sbx_1');
    // A note long enough to bring the whole body to exactly 1 MB.
    const framing = JSON.stringify({ language: 'python', note: '' }).length;
    const full = JSON.stringify({ language: 'python', note: 'x'.repeat(1024 * 1024 - framing) });
    expect(full.length).toBe(1024 * 1024);
    await post(g.app, '/api/v1/code/sandbox', full, { 'content-length': String(full.length) });
    expect((await onlyEntry()).params).toMatchObject({ language: 'python' });
    expect(g.calls[1]!.text).toBe(full);
  });

  it('forwards a body not sent as JSON as it came, and keeps none of its parameters', async () => {
    const g = gateway(sandboxCreated);
    const body = '{"language":"python"}';
    await post(g.app, '/api/v1/code/sandbox', body, { 'content-type': 'text/plain' });
    expect(g.calls[0]!.text).toBe(body);
    expect((await onlyEntry()).params).toEqual({});
  });

  it('asks for a keyed creation read whole to be carried through, and for no other', async () => {
    const g = gateway(sandboxCreated);
    await post(g.app, '/api/v1/code/sandbox', { language: 'python' }, { 'idempotency-key': 'k1' });
    await post(g.app, '/api/v1/code/sandbox', { language: 'python' });
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array([1])]), 'a.wav');
    await g.app.request('/api/v1/files/upload', {
      method: 'POST',
      headers: { 'idempotency-key': 'k2' },
      body: form,
    });
    expect(g.calls.map((call) => call.options?.keepGoing)).toEqual([true, false, false]);
  });
});

describe('the service answer the recorder reads', () => {
  it('records an answer declared up to 64 MB, and passes a larger one through unread', async () => {
    const bytes = JSON.stringify({ data: { sandbox_id: 'sbx_1' } });
    const declared = (length: number) => () =>
      new Response(bytes, {
        headers: { 'content-type': 'application/json', 'content-length': String(length) },
      });
    const g = gateway([declared(64 * 1024 * 1024), declared(64 * 1024 * 1024 + 1)]);
    await post(g.app, '/api/v1/code/sandbox', { language: 'python' });
    expect((await onlyEntry()).id).toBe('sbx_1');
    await store.delete('sbx_1');
    const large = await post(g.app, '/api/v1/code/sandbox', { language: 'python' });
    expect(await large.text()).toBe(bytes);
    expect(await entries()).toEqual([]);
  });

  it('passes an answer that is not JSON, or not valid JSON, through unchanged, recording nothing', async () => {
    const body = JSON.stringify({ data: { sandbox_id: 'sbx_1' } });
    const g = gateway([
      () => new Response(body, { headers: { 'content-type': 'text/plain' } }),
      () => new Response('{"data":', { headers: { 'content-type': 'application/json' } }),
    ]);
    const plain = await post(g.app, '/api/v1/code/sandbox', { language: 'python' });
    expect(await plain.text()).toBe(body);
    const broken = await post(g.app, '/api/v1/code/sandbox', { language: 'python' });
    expect(broken.status).toBe(200);
    expect(await broken.text()).toBe('{"data":');
    expect(await entries()).toEqual([]);
    expect(g.failures).toEqual([]);
  });
});

describe('a refused creation', () => {
  it('is kept once per request, under an id of its kind, with the service error', async () => {
    const error = { code: 'invalid_request', message: 'prompt: required' };
    const g = gateway(json(422, { error }));
    await post(g.app, '/api/v1/image/generate', { prompt: '' });
    await post(g.app, '/api/v1/image/generate', { prompt: '' });
    const kept = await entries();
    expect(kept).toHaveLength(2);
    for (const entry of kept) {
      expect(entry.id).toMatch(/^image_[0-9a-f-]{36}$/);
      expect(entry).toMatchObject({ status: 'failed', error, result: null, latest: null });
    }
  });

  it('gets a plain error when the service names none', async () => {
    const g = gateway(json(413, { error: { code: 413, message: ['too', 'large'] } }));
    await post(g.app, '/api/v1/image/generate', { prompt: 'A lighthouse' });
    expect((await onlyEntry()).error).toEqual({
      code: 'request_failed',
      message: 'The request failed.',
    });
  });

  it('is not kept when a retry could succeed, or when the answer is no error', async () => {
    const g = gateway([
      json(409, { error: { code: 'conflict', message: 'busy' } }),
      json(429, { error: { code: 'rate_limited', message: 'slow down' } }),
      json(500, { error: { code: 'internal', message: 'oops' } }),
      json(400, { error: 'bad' }),
      json(400, 'bad'),
    ]);
    for (let i = 0; i < 5; i++) await post(g.app, '/api/v1/image/generate', { prompt: 'x' });
    expect(await entries()).toEqual([]);
    expect(g.failures).toEqual([]);
  });
});

describe('a synchronous speech take', () => {
  const take = (extra: Record<string, unknown> | undefined) =>
    json(200, {
      data: { audio: '494433040000', status: 2 },
      ...(extra && { extra_info: extra }),
    });

  it('keeps the audio apart, typed by its format, and describes it in the entry', async () => {
    const g = gateway(take({ audio_duration: 1500, audio_sample_rate: 24000, word_count: 3 }));
    await post(g.app, '/api/v1/t2a', { text: 'Hello there', format: 'ogg' });
    const entry = await onlyEntry();
    expect(g.saved).toEqual([
      {
        id: entry.id,
        bytes: new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0]),
        contentType: 'audio/ogg',
      },
    ]);
    expect(entry.result).toEqual({
      urls: [`/api/history/${entry.id}/audio`],
      file_ids: [],
      format: 'ogg',
      size: 6,
      duration_s: 1.5,
      sample_rate: 24000,
    });
    expect(entry.latest).toEqual({
      status: 2,
      extra_info: { audio_duration: 1500, audio_sample_rate: 24000, word_count: 3 },
    });
  });

  it('is MP3 unless the request names a format; an unknown format is kept as plain bytes', async () => {
    const g = gateway(take(undefined));
    await post(g.app, '/api/v1/t2a', { text: 'No format' });
    await post(g.app, '/api/v1/t2a', { text: 'Wave', format: 'wav' });
    await post(g.app, '/api/v1/t2a', { text: 'Odd', format: 'flac' });
    expect(g.saved.map((s) => s.contentType)).toEqual([
      'audio/mpeg',
      'audio/wav',
      'application/octet-stream',
    ]);
    const byName = new Map((await entries()).map((e) => [e.name, e]));
    expect(byName.get('No format')?.result).toEqual({
      urls: [`/api/history/${byName.get('No format')!.id}/audio`],
      file_ids: [],
      format: 'mp3',
      size: 6,
    });
    expect(byName.get('No format')?.latest).toEqual({ status: 2, extra_info: {} });
  });

  it('leaves out a duration or sample rate the service did not give as numbers', async () => {
    const g = gateway(take({ audio_duration: '1500', audio_sample_rate: null }));
    await post(g.app, '/api/v1/t2a', { text: 'Unsure', format: 'mp3' });
    expect((await onlyEntry()).result).not.toHaveProperty('duration_s');
    expect((await onlyEntry()).result).not.toHaveProperty('sample_rate');
  });

  it('keeps no audio for a take answered without it, nor for another kind', async () => {
    const g = gateway([
      json(200, { data: { status: 2 } }),
      json(200, { data: { task_id: 'speech_task', status: 'processing', audio: '4944' } }),
    ]);
    await post(g.app, '/api/v1/t2a', { text: 'Silent' });
    await post(g.app, '/api/v1/t2a/async', { text: 'Later' });
    expect(g.saved).toEqual([]);
    expect(g.failures).toEqual([]);
    expect((await entries()).map((e) => [e.kind, e.result])).toEqual([
      ['speech_async', null],
      ['speech', null],
    ]);
  });
});

describe('a status read of a recorded job', () => {
  const status = (data: unknown, code = 200) => json(code, { data, trace_id: 'tr' });

  beforeEach(async () => {
    await store.insert(record({ id: 'task_r', kind: 'voice', status: 'queued' }));
  });

  it('moves the entry, and the caller gets the service answer as it was', async () => {
    const g = gateway(status({ task_id: 'task_r', status: 'running', progress: 40 }));
    const res = await g.app.request('/api/v1/training/status/task_r');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual({
      data: { task_id: 'task_r', status: 'running', progress: 40 },
      trace_id: 'tr',
    });
    expect(await store.get('task_r')).toMatchObject({
      status: 'running',
      readings: [{ status: 'queued' }, { status: 'running', progress: 40 }],
    });
    expect(g.failures).toEqual([]);
  });

  it('never moves the entry on an answer that is not 200, whatever its body says', async () => {
    const g = gateway(status({ task_id: 'task_r', status: 'failed' }, 500));
    const res = await g.app.request('/api/v1/training/status/task_r');
    expect(res.status).toBe(500);
    expect((await store.get('task_r'))?.status).toBe('queued');
  });

  it('leaves the entry as it was when the answer has no status data', async () => {
    const g = gateway([
      status(null),
      () => new Response('running', { headers: { 'content-type': 'text/plain' } }),
    ]);
    const empty = await g.app.request('/api/v1/training/status/task_r');
    expect(await empty.json()).toEqual({ data: null, trace_id: 'tr' });
    const plain = await g.app.request('/api/v1/training/status/task_r');
    expect(await plain.text()).toBe('running');
    expect(await store.get('task_r')).toMatchObject({ status: 'queued', reading_count: 1 });
    expect(g.failures).toEqual([]);
  });

  it('passes a status read of a job it never recorded through, recording nothing', async () => {
    const g = gateway(status({ task_id: 'elsewhere', status: 'running' }));
    const res = await g.app.request('/api/v1/training/status/elsewhere');
    expect(((await res.json()) as { data: { status: string } }).data.status).toBe('running');
    expect(await store.get('elsewhere')).toBeNull();
  });

  it('answers the caller even when the history cannot write the reading, and says so', async () => {
    const failing: HistoryStore = {
      ...store,
      applyStatus: () => Promise.reject(new Error('disk full')),
    };
    const g = gateway(status({ task_id: 'task_r', status: 'running' }), {
      deps: { store: failing },
    });
    const res = await g.app.request('/api/v1/training/status/task_r');
    expect(res.status).toBe(200);
    expect(g.failures).toEqual([
      'A status reading went through, but the history could not record it (disk full).',
    ]);
  });
});

describe('when the history cannot write', () => {
  it('answers the creation, reports which one failed and why, and logs it', async () => {
    const failing: HistoryStore = {
      ...store,
      insert: () => Promise.reject(new Error('disk full')),
    };
    const g = gateway(sandboxCreated, { deps: { store: failing } });
    const res = await post(g.app, '/api/v1/code/sandbox', { language: 'python' });
    expect(res.status).toBe(200);
    expect(g.failures).toEqual([
      'A sandbox creation went through, but the history could not record it (disk full).',
    ]);
    expect(g.logger.lines).toEqual([
      'error history: recording failed {"what":"sandbox creation","error":"disk full"}',
    ]);
  });

  it('answers a keyed creation when its key cannot be kept, and reports it', async () => {
    const g = gateway(sandboxCreated, {
      deps: {
        startKeys: { ...startKeys, keep: () => Promise.reject('locked') },
      },
    });
    const res = await post(
      g.app,
      '/api/v1/code/sandbox',
      { language: 'python' },
      { 'idempotency-key': 'k' },
    );
    expect(res.status).toBe(200);
    expect(g.failures).toEqual([
      'A sandbox start key went through, but the history could not record it (locked).',
    ]);
  });
});

describe('a keyed creation', () => {
  const keyed = (app: Hono, key: string) =>
    post(app, '/api/v1/code/sandbox', { language: 'python' }, { 'idempotency-key': key });

  it('answers a repeat with the first answer, as JSON that is never cached', async () => {
    const g = gateway(sandboxCreated);
    await keyed(g.app, 'k');
    const again = await keyed(g.app, 'k');
    expect(g.calls).toHaveLength(1);
    expect(again.headers.get('content-type')).toBe('application/json');
    expect(again.headers.get('cache-control')).toBe('no-store');
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual({
      data: { sandbox_id: 'sbx_1', language: 'python', status: 'ready' },
    });
  });

  it('keeps no answer that is not plain JSON: a repeat is created again', async () => {
    const g = gateway([
      () => new Response('{"data":', { headers: { 'content-type': 'application/json' } }),
      json(200, { data: { sandbox_id: 'sbx_gz' } }, { 'content-encoding': 'gzip' }),
    ]);
    await keyed(g.app, 'broken');
    await keyed(g.app, 'broken');
    await keyed(g.app, 'encoded');
    await keyed(g.app, 'encoded');
    expect(g.calls).toHaveLength(4);
  });

  it('keeps no key, and reports nothing, for a creation sent without one', async () => {
    const g = gateway(sandboxCreated);
    await post(g.app, '/api/v1/code/sandbox', { language: 'python' });
    expect(g.failures).toEqual([]);
    expect(await onlyEntry()).toMatchObject({ id: 'sbx_1', kind: 'sandbox' });
  });
});

describe('who started a creation', () => {
  const user = { id: 'u-1', name: 'Ada', email: null };

  it('names the token only for a start made with one', () => {
    expect(
      starterOf({ user, via: 'session', sessionId: 's', token: { id: 't', name: 'stray' } }),
    ).toEqual({ id: 'u-1', name: 'Ada', token: null });
    expect(starterOf({ user, via: 'token' })).toEqual({ id: 'u-1', name: 'Ada', token: null });
    expect(starterOf({ user, via: 'token', token: { id: 't', name: 'ci' } })).toEqual({
      id: 'u-1',
      name: 'Ada',
      token: 'ci',
    });
    expect(starterOf(undefined)).toBeNull();
  });

  it('is kept with the entry', async () => {
    const g = gateway(sandboxCreated, {
      principal: { user, via: 'token', token: { id: 't', name: 'ci' } },
    });
    await post(g.app, '/api/v1/code/sandbox', { language: 'python' });
    expect((await onlyEntry()).started_by).toEqual({ id: 'u-1', name: 'Ada', token: 'ci' });
  });
});
