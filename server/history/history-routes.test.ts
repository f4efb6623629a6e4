import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  historyEntrySchema,
  historyImportResponseSchema,
  historyListSchema,
} from '../../src/api/contract/history';
import { captureLogger } from '../test-support/gateway-server';
import { fileAudioStore } from './audio-store';
import { historyRoutes } from './history-routes';
import { createRecordingHealth } from './recording-health';
import { record, testStore, type TestStore } from './test-store';
import { join } from 'node:path';
import type { Hono } from 'hono';

let t: TestStore;
let app: Hono;
let health: ReturnType<typeof createRecordingHealth>;

beforeEach(async () => {
  t = await testStore();
  health = createRecordingHealth();
  app = historyRoutes({
    store: t.store,
    audio: fileAudioStore(join(t.dir, 'audio')),
    health,
    logger: captureLogger(),
  });
});
afterEach(() => t.cleanup(t.store));

async function errorOf(res: Response) {
  return ((await res.json()) as { error: { code: string; message: string } }).error;
}

const importBody = (ids: string[], extra: Record<string, unknown> = {}) => ({
  entries: ids.map((id) => ({
    id,
    kind: 'speech',
    name: `take ${id}`,
    params: { text: `take ${id}` },
    created_at: '2026-01-01T00:00:00.000Z',
    status: 'completed',
    latest: null,
    result: { urls: [`/api/history/${id}/audio`], file_ids: [] },
    cost: null,
    error: null,
    readings: [],
    ...extra,
  })),
});

const post = (path: string, body: unknown) =>
  app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('GET /api/history', () => {
  it('lists with filters and pages through next_cursor, with the recording warning', async () => {
    for (let i = 0; i < 5; i++) await t.store.insert(record({ id: `v${i}` }));
    await t.store.insert(record({ id: 'img', kind: 'image' }));
    health.fail('disk full');
    const first = historyListSchema.parse(
      await (await app.request('/api/history?kind=voice&limit=3')).json(),
    );
    expect(first.entries.map((e) => e.id)).toEqual(['v4', 'v3', 'v2']);
    expect(first).toMatchObject({ total: 5, warning: 'disk full' });
    const second = historyListSchema.parse(
      await (
        await app.request(`/api/history?kind=voice&limit=3&cursor=${first.next_cursor}`)
      ).json(),
    );
    expect(second.entries.map((e) => e.id)).toEqual(['v1', 'v0']);
    expect(second.next_cursor).toBeNull();
  });

  it('numbers each page with the last change, from which a stream replays what came after', async () => {
    const list = async () =>
      historyListSchema.parse(await (await app.request('/api/history')).json());
    const empty = await list();
    expect(empty.seq).toBe(0);
    await t.store.insert(record({ id: 'v1' }));
    await t.store.insert(record({ id: 'v2' }));
    const read = await list();
    expect(read.seq).toBe(2);
    expect(read.entries.map((e) => e.id)).toEqual(['v2', 'v1']);
    await t.store.insert(record({ id: 'v3' }));
    expect((await t.store.changesSince(read.seq!))?.map((change) => change.event)).toEqual([
      { type: 'upsert', entry: expect.objectContaining({ id: 'v3' }) },
    ]);
  });

  it('answers 400 naming the parameter and its rule', async () => {
    const cases: Array<[string, RegExp]> = [
      ['kind=voice,robot', /kind must be one of .*\(got "robot"\)/],
      ['limit=0', /limit must be at least 1/],
      ['limit=201', /limit must be at most 200/],
      ['limit=ten', /limit must be a whole number/],
      ['created_after=yesterday', /created_after: must be an ISO 8601 date-time/],
      ['cursor=garbage', /cursor is not one this server issued/],
      ['source=robot', /source must be dashboard or client/],
      ['started_by=', /started_by/],
    ];
    for (const [search, message] of cases) {
      const res = await app.request(`/api/history?${search}`);
      expect(res.status, search).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe('invalid_request');
      expect(error.message, search).toMatch(message);
    }
  });
});

describe('GET /api/history/people', () => {
  it('lists who started entries of the kinds asked, never taken for an entry id', async () => {
    await t.store.insert(
      record({ kind: 'image', started_by: { id: 'u1', name: 'Ada', token: null } }),
    );
    await t.store.insert(record({ kind: 'voice' }));
    const people = async (search = '') =>
      (await (await app.request(`/api/history/people${search}`)).json()) as unknown;
    expect(await people()).toEqual({ people: [{ id: 'u1', name: 'Ada' }] });
    expect(await people('?kind=voice,music_lora')).toEqual({ people: [] });
    const refused = await app.request('/api/history/people?kind=robot');
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).message).toMatch(/kind must be one of/);
  });
});

describe('one entry', () => {
  it('is read with every reading, deleted for everyone, then gone', async () => {
    await t.store.insert(record({ id: 'one', name: 'only_one' }));
    await t.store.applyStatus(
      'one',
      { status: 'running', progress: 5 },
      '2026-01-01T00:00:09.000Z',
    );
    const got = historyEntrySchema.parse(await (await app.request('/api/history/one')).json());
    expect(got.readings.map((r) => r.status)).toEqual(['queued', 'running']);
    expect((await app.request('/api/history/one', { method: 'DELETE' })).status).toBe(204);
    expect((await app.request('/api/history/one')).status).toBe(404);
    expect((await errorOf(await app.request('/api/history/one', { method: 'DELETE' }))).code).toBe(
      'not_found',
    );
    const list = historyListSchema.parse(await (await app.request('/api/history')).json());
    expect(list.entries).toEqual([]);
  });
});

describe('POST /api/history/import', () => {
  it('imports once, keeps a take audio, and says which ids a dry run would add', async () => {
    const dry = historyImportResponseSchema.parse(
      await (
        await post('/api/history/import', { dry_run: true, ...importBody(['a', 'b']) })
      ).json(),
    );
    expect(dry).toEqual({ imported: ['a', 'b'], skipped: [] });
    expect(await t.store.get('a')).toBeNull();
    const audio = Buffer.from('RIFF fake wav bytes');
    const first = await post(
      '/api/history/import',
      importBody(['a', 'b'], {
        audio_base64: audio.toString('base64'),
        audio_content_type: 'audio/wav',
      }),
    );
    expect(historyImportResponseSchema.parse(await first.json())).toEqual({
      imported: ['a', 'b'],
      skipped: [],
    });
    const again = await post('/api/history/import', importBody(['a', 'b', 'c']));
    expect(historyImportResponseSchema.parse(await again.json())).toEqual({
      imported: ['c'],
      skipped: ['a', 'b'],
    });
    const served = await app.request('/api/history/a/audio');
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('audio/wav');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(audio);
    const head = await app.request('/api/history/a/audio', { method: 'HEAD' });
    expect(head.headers.get('content-length')).toBe(String(audio.length));
    expect((await app.request('/api/history/c/audio')).status).toBe(404);
    expect((await t.store.get('a'))?.source).toBe('dashboard');

    // Ranges, so a player can seek in a kept take.
    const range = (value: string) =>
      app.request('/api/history/a/audio', { headers: { Range: value } });
    expect(served.headers.get('accept-ranges')).toBe('bytes');
    const part = await range('bytes=2-5');
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 2-5/${audio.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(audio.subarray(2, 6));
    const tail = await range('bytes=-3');
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(audio.subarray(audio.length - 3));
    const open = await range('bytes=4-');
    expect(open.headers.get('content-length')).toBe(String(audio.length - 4));
    const beyond = await range(`bytes=${audio.length}-`);
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${audio.length}`);
    expect((await range('bytes=5-2')).status).toBe(200);
    expect((await range('items=0-1')).status).toBe(200);
  });

  it('answers 400 naming the field when an entry breaks the contract', async () => {
    const res = await post('/api/history/import', { entries: [{ id: 'x', kind: 'robot' }] });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toMatch(/entries\.0\.kind/);
    const notJson = await app.request('/api/history/import', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    expect((await errorOf(notJson)).message).toMatch(/must be JSON/);
  });

  it('refuses an import nested deeper than the API allows with 400 naming the limit', async () => {
    const levels = 100_000;
    const res = await app.request('/api/history/import', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{"entries": [{"id": "deep", "kind": "image", "params": ${'['.repeat(levels)}${']'.repeat(levels)}}]}`,
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(
      'The import must not nest arrays and objects more than 64 levels deep.',
    );
    expect(await t.store.get('deep')).toBeNull();
  });

  it('counts an import sent without a length as it streams, and stops at the limit', async () => {
    let pulled = 0;
    const megabyte = new Uint8Array(1024 * 1024).fill(0x20);
    const res = await app.request('/api/history/import', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // 200 MB of spaces, chunked: read whole, it would take 200 MB of memory.
      body: new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled += megabyte.byteLength;
          if (pulled > 200 * megabyte.byteLength) controller.close();
          else controller.enqueue(megabyte);
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect((await errorOf(res)).message).toBe(
      'The import is larger than the 64 MB limit: send less at once.',
    );
    expect(pulled).toBeLessThan(70 * megabyte.byteLength);
  });

  it('never serves a stored file as anything but audio', async () => {
    await post(
      '/api/history/import',
      importBody(['h'], {
        audio_base64: Buffer.from('<script>').toString('base64'),
        audio_content_type: 'text/html',
      }),
    );
    const res = await app.request('/api/history/h/audio');
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
