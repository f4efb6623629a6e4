import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  historyAudioPath,
  historyEntryPath,
  historyEntrySchema,
  historyImportPath,
  historyListSchema,
  historyPath,
} from '../../src/api/contract/history';
import {
  audioBytes,
  newRecord,
  routesHarness,
  speechTake,
  type RoutesHarness,
} from './routes-harness';

let h: RoutesHarness;
beforeEach(async () => void (h = await routesHarness()));
afterEach(() => h.cleanup());

const list = async (search = '') => {
  const res = await h.app.request(`${historyPath}${search}`);
  expect(res.status).toBe(200);
  return historyListSchema.parse(await res.json());
};

/** The 400 envelope's message, after checking it is one. */
async function refusal(search: string): Promise<string> {
  const res = await h.app.request(`${historyPath}${search}`);
  expect(res.status).toBe(400);
  const body = (await res.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe('invalid_request');
  return body.error.message;
}

const postImport = (body: unknown) =>
  h.app.request(historyImportPath, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('GET /api/history', () => {
  it('filters by kind, status, source, text and date, and carries the recording warning', async () => {
    await h.store.insert(newRecord({ id: 'v1', name: 'Narrator' }));
    await h.store.insert(newRecord({ id: 'v2', status: 'running', source: 'dashboard' }));
    await h.store.insert(
      newRecord({ id: 'i1', kind: 'image', status: 'completed', name: 'A red fox' }),
    );
    await h.store.insert(newRecord({ id: 'i2', kind: 'image', status: 'completed' }));

    const all = await list();
    expect(all.entries.map((e) => e.id)).toEqual(['i2', 'i1', 'v2', 'v1']);
    expect(all).toMatchObject({ total: 4, next_cursor: null, warning: null });

    expect((await list('?kind=image')).entries.map((e) => e.id)).toEqual(['i2', 'i1']);
    expect((await list('?kind=voice&status=running,failed')).entries.map((e) => e.id)).toEqual([
      'v2',
    ]);
    expect((await list('?source=dashboard')).entries.map((e) => e.id)).toEqual(['v2']);
    expect((await list('?q=red%20fox')).entries.map((e) => e.id)).toEqual(['i1']);
    // From `created_after` on, up to just before `created_before`: ranges that meet do not overlap.
    const at = encodeURIComponent(all.entries[1]!.created_at);
    expect((await list(`?created_after=${at}`)).entries.map((e) => e.id)).toEqual(['i2', 'i1']);
    expect((await list(`?created_before=${at}`)).entries.map((e) => e.id)).toEqual(['v2', 'v1']);
    // Unknown parameters are ignored, not refused: older or newer clients keep working.
    expect((await list('?kind=voice&colour=blue')).total).toBe(2);

    h.health.fail('The history could not be written: disk full');
    expect((await list()).warning).toBe('The history could not be written: disk full');
  });

  it('pages through every entry with next_cursor, newest first, each once', async () => {
    for (let i = 0; i < 5; i++) await h.store.insert(newRecord());
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await list(`?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.total).toBe(5);
      expect(page.entries.length).toBeLessThanOrEqual(2);
      seen.push(...page.entries.map((e) => e.id));
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual((await list()).entries.map((e) => e.id));
    expect(new Set(seen).size).toBe(5);
  });

  it('refuses bad parameters with a 400 naming the field and its rule', async () => {
    expect(await refusal('?kind=voice,podcast')).toMatch(/^kind must be one of voice, .*podcast/);
    expect(await refusal('?cursor=not-a-cursor')).toMatch(/^cursor /);
    expect(await refusal('?limit=0')).toBe('limit must be at least 1');
    expect(await refusal('?limit=201')).toBe('limit must be at most 200');
    expect(await refusal('?limit=ten')).toBe('limit must be a whole number');
    expect(await refusal('?created_after=yesterday')).toMatch(/created_after.*ISO 8601/);
    expect(await refusal('?source=robot')).toMatch(/^source must be/);
  });
});

describe('GET and DELETE /api/history/:id', () => {
  it('returns the entry with every reading, or a 404 envelope', async () => {
    await h.store.insert(newRecord({ id: 'job 1/a' }));
    await h.store.applyStatus(
      'job 1/a',
      { status: 'running', progress: 10 },
      '2026-01-01T01:00:00Z',
    );
    await h.store.applyStatus(
      'job 1/a',
      { status: 'running', progress: 60 },
      '2026-01-01T01:01:00Z',
    );

    const res = await h.app.request(historyEntryPath('job 1/a'));
    expect(res.status).toBe(200);
    const entry = historyEntrySchema.parse(await res.json());
    expect(entry.id).toBe('job 1/a');
    expect(entry.readings.map((r) => r.progress ?? null)).toEqual([null, 10, 60]);

    const missing = await h.app.request(historyEntryPath('nope'));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('deletes an entry and its kept audio: 204, then 404 everywhere', async () => {
    expect((await postImport({ entries: [speechTake('take_1')] })).status).toBe(200);
    await h.store.insert(newRecord({ id: 'other' }));

    const res = await h.app.request(historyEntryPath('take_1'), { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect((await h.app.request(historyEntryPath('take_1'))).status).toBe(404);
    expect((await h.app.request(historyAudioPath('take_1'))).status).toBe(404);
    expect(await h.audio.read('take_1')).toBeNull();
    expect((await list()).entries.map((e) => e.id)).toEqual(['other']);

    const again = await h.app.request(historyEntryPath('take_1'), { method: 'DELETE' });
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});

describe('GET/HEAD /api/history/:id/audio', () => {
  it('serves the kept bytes with their type, cacheable forever; 404 when none', async () => {
    await postImport({ entries: [speechTake('take_1'), speechTake('take_2', false)] });

    const res = await h.app.request(historyAudioPath('take_1'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('cache-control')).toMatch(/immutable/);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(audioBytes);

    const head = await h.app.request(historyAudioPath('take_1'), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('audio/mpeg');
    expect(head.headers.get('content-length')).toBe(String(audioBytes.length));
    expect(await head.text()).toBe('');

    for (const id of ['take_2', 'nope']) {
      const none = await h.app.request(historyAudioPath(id));
      expect(none.status, id).toBe(404);
      expect(await none.json()).toMatchObject({ error: { code: 'not_found' } });
    }
  });
});

describe('POST /api/history/import', () => {
  it('imports once: the second time every id is skipped and nothing changes', async () => {
    const entries = [speechTake('take_1'), { ...speechTake('job_1', false), kind: 'voice' }];
    const dry = await postImport({ entries, dry_run: true });
    expect(await dry.json()).toEqual({ imported: ['take_1', 'job_1'], skipped: [] });
    expect((await list()).total).toBe(0);

    const first = await postImport({ entries });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ imported: ['take_1', 'job_1'], skipped: [] });
    const stored = await list();
    expect(stored.total).toBe(2);
    expect(stored.entries.every((e) => e.source === 'dashboard')).toBe(true);
    const seq = await h.store.lastSeq();

    const second = await postImport({ entries });
    expect(await second.json()).toEqual({ imported: [], skipped: ['take_1', 'job_1'] });
    expect(await h.store.lastSeq()).toBe(seq);
    expect((await list()).total).toBe(2);
  });

  it('refuses a body that breaks the contract, naming the field; 413 when too large', async () => {
    const bad = await postImport({ entries: [{ ...speechTake('x'), kind: 'podcast' }] });
    expect(bad.status).toBe(400);
    const { error } = (await bad.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('invalid_request');
    expect(error.message).toMatch(/entries\.0\.kind/);

    const notJson = await h.app.request(historyImportPath, { method: 'POST', body: '{' });
    expect(notJson.status).toBe(400);

    const huge = await h.app.request(historyImportPath, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(65 * 1024 ** 2) },
      body: '{"entries":[]}',
    });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ error: { code: 'invalid_request' } });
  });
});
