import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { historyListSchema, type HistoryEntry } from '../../src/api/contract/history';
import type { Principal } from '../access/types';
import { createApp } from '../app';
import { createEmbeddedEmulator, type EmbeddedSetup } from '../emulator/embedded';
import { readFromTarget, statusPath } from '../target-read';
import { captureLogger, testEnv } from '../test-support/gateway-server';
import { createGatewayHistory, type GatewayHistory } from './gateway-history';
import { openHistoryDatabase } from './history-db';

let dir: string;
let setup: EmbeddedSetup;
let history: GatewayHistory;
let app: Hono;
let logger: ReturnType<typeof captureLogger>;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'media-studio-recorder-'));
  const storage = { engine: 'sqlite', dataDir: join(dir, 'gateway') } as const;
  const db = await openHistoryDatabase(storage);
  setup = createEmbeddedEmulator(
    { EMULATOR_DATA_DIR: join(dir, 'emulator'), EMULATOR_TRAINING_SECONDS: '1' },
    {},
  );
  logger = captureLogger();
  app = createApp({
    env: testEnv(),
    logger,
    emulator: setup.embedded,
    history: (target, log) =>
      (history = createGatewayHistory({
        db,
        storage,
        retention: { days: 90, maxRows: 1000 },
        logger: log,
        read: (kind, id, signal) => readFromTarget(target, statusPath(kind, id), signal),
      })),
  });
});

afterEach(async () => {
  await history.close();
  await setup.emulator.close();
  rmSync(dir, { recursive: true, force: true });
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

async function list(query = ''): Promise<HistoryEntry[]> {
  const res = await app.request(`/api/history${query}`);
  expect(res.status).toBe(200);
  return historyListSchema.parse(await res.json()).entries;
}

/** A POST whose body streams in chunks without a Content-Length, as `fetch` sends a stream. */
const postChunked = (path: string, text: string) => {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: new ReadableStream<Uint8Array>({
      pull(controller) {
        if (at >= bytes.length) return controller.close();
        controller.enqueue(bytes.subarray(at, at + 64 * 1024));
        at += 64 * 1024;
      },
    }),
    duplex: 'half',
  } as RequestInit);
};

describe('the recorder', () => {
  it('records a create sent chunked, and forwards a larger one whole without recording it', async () => {
    const small = await postChunked(
      '/api/v1/code/sandbox',
      JSON.stringify({ language: 'python', packages: ['numpy'] }),
    );
    expect(small.status).toBe(200);
    expect((await list('?kind=sandbox'))[0]).toMatchObject({
      params: { language: 'python', packages: ['numpy'] },
    });
    // Over what the gateway keeps (1 MB): the service gets every byte, first ones included,
    // and answers for itself (the emulator's own limit is 1 MB too).
    const large = await postChunked(
      '/api/v1/code/sandbox',
      JSON.stringify({ language: 'python', packages: ['x'.repeat(1536 * 1024)] }),
    );
    expect(large.status).toBe(413);
    expect(((await large.json()) as { error: { message: string } }).error.message).toBe(
      'Request body is larger than the 1 MB limit.',
    );
    // Kept as a failed start, as every refused one is, without the parameters it did not keep.
    expect((await list('?kind=sandbox'))[0]).toMatchObject({ status: 'failed', params: {} });
  });

  it('refuses a create nested deeper than the API allows, before it reaches the service', async () => {
    const deep = `{"language": "python", "packages": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const res = await postChunked('/api/v1/code/sandbox', deep);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      'The request body must not nest arrays and objects more than 64 levels deep.',
    );
    expect(await list('?kind=sandbox')).toEqual([]);
  });

  it('records a sandbox created by another client, with its request and no header', async () => {
    const res = await post('/api/v1/code/sandbox', { language: 'python', packages: ['numpy'] });
    expect(res.status).toBe(200);
    const sandbox = ((await res.json()) as { data: { sandbox_id: string } }).data;
    const [entry] = await list('?kind=sandbox');
    expect(entry).toMatchObject({
      id: sandbox.sandbox_id,
      kind: 'sandbox',
      name: 'python sandbox',
      params: { language: 'python', packages: ['numpy'] },
      status: 'ready',
      source: 'client',
    });
    expect(JSON.stringify(entry)).not.toContain(setup.embedded.apiKey);
  });

  it('keeps a synchronous speech take: the audio is served back byte for byte', async () => {
    const res = await post(
      '/api/v1/t2a',
      { text: 'A take worth keeping for everyone.', format: 'wav' },
      { 'x-media-studio-client': 'dashboard' },
    );
    expect(res.status).toBe(200);
    const hex = ((await res.json()) as { data: { audio: string } }).data.audio;
    const [entry] = await list('?kind=speech');
    expect(entry).toMatchObject({
      kind: 'speech',
      name: 'A take worth keeping for everyone.',
      source: 'dashboard',
      result: { format: 'wav', urls: [`/api/history/${entry!.id}/audio`] },
    });
    expect(JSON.stringify(entry)).not.toContain(hex.slice(0, 64));
    const audio = await app.request(entry!.result!.urls[0]!);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/wav');
    expect(Buffer.from(await audio.arrayBuffer()).toString('hex')).toBe(hex);
  });

  it('records a refused generation with the service error, and the caller gets it unchanged', async () => {
    const res = await post('/api/v1/image/generate', { prompt: '' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string } };
    const [entry] = await list('?kind=image');
    expect(entry).toMatchObject({ kind: 'image', status: 'failed', error: body.error });
    // An error body has no trace_id: the header's is kept.
    expect(entry!.trace_id).toBe(res.headers.get('x-trace-id'));
    expect(entry!.trace_id).toBeTruthy();
  });

  it('keeps the trace id the service answered a creation with, and how long it took', async () => {
    const res = await post('/api/v1/image/generate', { prompt: 'A lighthouse at dusk' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { trace_id: string };
    const [entry] = await list('?kind=image');
    expect(entry!.trace_id).toBe(body.trace_id);
    expect(entry!.elapsed_ms).toEqual(expect.any(Number));
    expect(entry!.elapsed_ms).toBeGreaterThanOrEqual(0);
  });

  it('records a training job and its poller follows it to completion, readings and cost', async () => {
    const urls = ['https://example.com/a.wav'];
    const res = await post('/api/v1/training/voice', {
      name: 'followed_voice',
      reference_urls: urls,
    });
    expect(res.status).toBe(200);
    const taskId = ((await res.json()) as { data: { task_id: string } }).data.task_id;
    expect((await list('?kind=voice'))[0]).toMatchObject({ id: taskId, status: 'queued' });
    let entry: HistoryEntry | undefined;
    for (let i = 0; i < 100; i++) {
      entry = (await list('?kind=voice'))[0];
      if (entry && entry.status !== 'queued' && entry.status !== 'running') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    // No internet here: the emulator fails the reference URL, and says so.
    expect(entry?.status).toMatch(/^(completed|failed)$/);
    expect(entry!.reading_count).toBeGreaterThanOrEqual(2);
    expect(history.poller.stats().calls).toBeGreaterThan(0);
  }, 30_000);

  it('never fails the request when the history cannot write; it logs the failure', async () => {
    await history.store.close();
    const res = await post('/api/v1/code/sandbox', { language: 'javascript' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { language: string } }).data.language).toBe('javascript');
    expect(logger.lines.join('\n')).toContain('history: recording failed');
  });
});

describe('who started an entry', () => {
  const ada: Principal = {
    user: { id: 'u-ada', name: 'Ada Lovelace', email: 'ada@example.com' },
    via: 'session',
    sessionId: 's-1',
  };
  const script: Principal = {
    user: { id: 'u-grace', name: 'Grace Hopper', email: null },
    via: 'token',
    token: { id: 't-1', name: 'nightly render' },
  };
  /** The gateway behind a stand-in for the access middleware: `x-test-user` picks who signed in. */
  function signedIn() {
    const outer = new Hono();
    outer.use(async (c, next) => {
      const who = c.req.header('x-test-user');
      c.set('principal', who === 'ada' ? ada : who === 'grace' ? script : undefined);
      await next();
    });
    return outer.route('/', app);
  }
  const sandboxAs = (outer: Hono, who?: string) =>
    outer.request('/api/v1/code/sandbox', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(who && { 'x-test-user': who }) },
      body: JSON.stringify({ language: 'python' }),
    });

  it('records the signed-in person, and the token a script used; open mode records nobody', async () => {
    const outer = signedIn();
    expect((await sandboxAs(outer, 'ada')).status).toBe(200);
    expect((await sandboxAs(outer, 'grace')).status).toBe(200);
    expect((await sandboxAs(outer)).status).toBe(200);
    const starters = (await list('?kind=sandbox')).map((entry) => entry.started_by);
    expect(starters).toEqual([
      null,
      { id: 'u-grace', name: 'Grace Hopper', token: 'nightly render' },
      { id: 'u-ada', name: 'Ada Lovelace', token: null },
    ]);
  });

  it('records who sent a refused creation too, and lists only their entries when asked', async () => {
    const outer = signedIn();
    const refused = await outer.request('/api/v1/image/generate', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-test-user': 'ada' },
      body: JSON.stringify({ prompt: '' }),
    });
    expect(refused.status).toBe(400);
    await sandboxAs(outer, 'grace');
    const ada = await list('?started_by=u-ada');
    expect(ada.map((entry) => [entry.kind, entry.status])).toEqual([['image', 'failed']]);
    const people = await app.request('/api/history/people');
    expect(await people.json()).toEqual({
      people: [
        { id: 'u-ada', name: 'Ada Lovelace' },
        { id: 'u-grace', name: 'Grace Hopper' },
      ],
    });
  });
});

describe('a keyed start (Idempotency-Key)', () => {
  const start = (name: string, key?: string) =>
    post(
      '/api/v1/training/voice',
      { name, reference_urls: ['https://example.com/a.wav'] },
      key ? { 'idempotency-key': key } : {},
    );
  const taskOf = async (res: Response) =>
    ((await res.json()) as { data: { task_id: string } }).data.task_id;

  it('creates the job once: a repeat gets the first answer, marked as replayed', async () => {
    const first = await start('keyed_voice', 'start-1');
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await start('keyed_voice', 'start-1');
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await taskOf(again)).toBe(await taskOf(first));
    expect(await list('?kind=voice')).toHaveLength(1);
  });

  it('runs two requests with one key that arrive together as one creation', async () => {
    const [a, b] = await Promise.all([
      start('raced_voice', 'start-2'),
      start('raced_voice', 'start-2'),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await taskOf(a)).toBe(await taskOf(b));
    expect(await list('?kind=voice')).toHaveLength(1);
  });

  it('keeps keys per kind and per key: another key creates another job', async () => {
    await start('first_voice', 'start-3');
    await start('second_voice', 'start-4');
    expect(await list('?kind=voice')).toHaveLength(2);
    // The same key on another endpoint is another creation.
    const sandbox = await post(
      '/api/v1/code/sandbox',
      { language: 'python' },
      { 'idempotency-key': 'start-3' },
    );
    expect(sandbox.status).toBe(200);
    expect(sandbox.headers.get('idempotent-replayed')).toBeNull();
    expect(await list('?kind=sandbox')).toHaveLength(1);
  });

  it('keeps no refusal: the same key is tried again after the request is fixed', async () => {
    const refused = await start('Not Snake Case', 'start-5');
    expect(refused.status).toBe(400);
    const fixed = await start('fixed_voice', 'start-5');
    expect(fixed.status).toBe(200);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
  });

  it('answers a key that is not a visible ASCII token with 400, naming the header', async () => {
    const res = await start('odd_key_voice', 'a key with spaces');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(
      /^idempotency-key: must be 1 to 240 visible ASCII characters/,
    );
    expect(await list('?kind=voice')).toHaveLength(0);
  });

  it('remembers a key across a restart of the gateway', async () => {
    const first = await start('durable_voice', 'start-6');
    await history.close();
    const storage = { engine: 'sqlite', dataDir: join(dir, 'gateway') } as const;
    history = createGatewayHistory({
      db: await openHistoryDatabase(storage),
      storage,
      retention: { days: 90, maxRows: 1000 },
      logger,
      read: () => Promise.reject(new Error('not polled here')),
    });
    app = createApp({ env: testEnv(), logger, emulator: setup.embedded, history: () => history });
    const again = await start('durable_voice', 'start-6');
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await taskOf(again)).toBe(await taskOf(first));
  });
});
