import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileResponseSchema, fileUploadResponseSchema } from '../../../src/api/contract/files';
import { createTestEmulator, headers, type TestEmulator } from '../test-support/test-emulator';

const BYTES = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
let emu: TestEmulator;
let path: string;
let etag: string;

beforeAll(async () => {
  emu = createTestEmulator();
  const form = new FormData();
  form.append('purpose', 'image-input');
  form.append('file', new Blob([BYTES], { type: 'image/png' }), 'pic.png');
  const up = await emu.request('/api/v1/files/upload', {
    method: 'POST',
    headers: headers(),
    body: form,
  });
  const { file_id } = fileUploadResponseSchema.parse(await up.json()).data;
  const res = await emu.request(`/api/v1/files/${file_id}`, { headers: headers() });
  path = new URL(fileResponseSchema.parse(await res.json()).data.url).pathname;
  etag = (await emu.request(path, { method: 'HEAD' })).headers.get('etag') ?? '';
});
afterAll(() => emu.cleanup());

const get = (init: RequestInit = {}, at = path) => emu.request(at, init);

describe('GET /api/v1/media/:id/:name', () => {
  it('serves the bytes with type, length, ETag, ranges and immutable caching, without a key', async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(BYTES);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-length')).toBe('1000');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-trace-id')).toBeTruthy();
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]{64}"$/);
  });

  it('ignores the name segment, and serves without one', async () => {
    const id = path.split('/')[4]!;
    for (const at of [`/api/v1/media/${id}`, `/api/v1/media/${id}/other-name.bin`]) {
      expect(Buffer.from(await (await get({}, at)).arrayBuffer())).toEqual(BYTES);
    }
  });

  it('answers single ranges with 206 and Content-Range: closed, open and suffix', async () => {
    const cases: Array<[string, number, number]> = [
      ['bytes=100-199', 100, 199],
      ['bytes=990-', 990, 999],
      ['bytes=-500', 500, 999],
      ['bytes=900-5000', 900, 999],
      ['bytes=-5000', 0, 999],
    ];
    for (const [range, start, end] of cases) {
      const res = await get({ headers: { range } });
      expect(res.status, range).toBe(206);
      expect(res.headers.get('content-range'), range).toBe(`bytes ${start}-${end}/1000`);
      expect(res.headers.get('content-length'), range).toBe(String(end - start + 1));
      expect(Buffer.from(await res.arrayBuffer()), range).toEqual(BYTES.subarray(start, end + 1));
    }
  });

  it('answers 416 with Content-Range: bytes */size to an unsatisfiable range', async () => {
    for (const range of ['bytes=1000-', 'bytes=5000-6000', 'bytes=-0']) {
      const res = await get({ headers: { range } });
      expect(res.status, range).toBe(416);
      expect(res.headers.get('content-range')).toBe('bytes */1000');
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
        'invalid_request',
      );
    }
  });

  it('serves it all when the range is malformed, multiple, or If-Range no longer matches', async () => {
    const inits: RequestInit[] = [
      { headers: { range: 'bytes=0-1,5-6' } },
      { headers: { range: 'items=0-1' } },
      { headers: { range: 'bytes=9-2' } },
      { headers: { range: 'bytes=0-1', 'if-range': '"stale"' } },
    ];
    for (const init of inits) {
      const res = await get(init);
      expect(res.status).toBe(200);
      expect((await res.arrayBuffer()).byteLength).toBe(1000);
    }
  });

  it('answers 304 to If-None-Match with the ETag (also weak or in a list)', async () => {
    for (const value of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await get({ headers: { 'if-none-match': value } });
      expect(res.status, value).toBe(304);
      expect(res.headers.get('etag')).toBe(etag);
      expect(await res.text()).toBe('');
    }
    expect((await get({ headers: { 'if-none-match': '"other"' } })).status).toBe(200);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await get({ method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe('1000');
    expect(await res.text()).toBe('');
  });

  it('answers 404 to an unknown id', async () => {
    const res = await get({}, '/api/v1/media/not-a-real-id/x.png');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      error: { code: 'not_found', message: 'No media at this URL.' },
    });
  });
});
