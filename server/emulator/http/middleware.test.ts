import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorEnvelopeSchema } from '../../../src/api/contract/envelope';
import { z } from '../../../src/api/contract/zod';
import { seededRandom } from '../media/palette';
import { faultHeader } from './faults';
import {
  createTestEmulator,
  headers,
  testKey,
  type TestEmulator,
} from '../test-support/test-emulator';

const emulators: TestEmulator[] = [];
function emulator(...args: Parameters<typeof createTestEmulator>) {
  const emu = createTestEmulator(...args);
  emulators.push(emu);
  return emu;
}
afterEach(async () => {
  await Promise.all(emulators.splice(0).map((emu) => emu.cleanup()));
});

/** Asserts the exact envelope, the status and a trace id header; returns the message. */
async function expectEnvelope(res: Response, status: number, code: string): Promise<string> {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toContain('application/json');
  expect(res.headers.get('x-trace-id')).toMatch(/^[0-9a-f-]{36}$/);
  const body: unknown = await res.json();
  const envelope = z.strictObject(errorEnvelopeSchema.shape).parse(body);
  expect(Object.keys(envelope.error).sort()).toEqual(['code', 'message']);
  expect(envelope.error.code).toBe(code);
  return envelope.error.message;
}

const sandbox = (init: RequestInit = {}) => ({
  method: 'POST',
  headers: headers({ json: true }),
  body: JSON.stringify({ language: 'python' }),
  ...init,
});

describe('authentication', () => {
  it('answers 401 unauthorized to a missing, unknown or malformed key', async () => {
    const emu = emulator();
    for (const authorization of [undefined, 'Bearer nope', `Basic ${testKey}`, 'Bearer']) {
      const res = await emu.request('/api/v1/code/sandbox', {
        ...sandbox(),
        headers: { 'content-type': 'application/json', ...(authorization && { authorization }) },
      });
      expect(await expectEnvelope(res, 401, 'unauthorized')).toBe(
        'Supply a valid API key: Authorization: Bearer <key>.',
      );
    }
  });

  it('checks the key before anything else, even on unknown paths', async () => {
    const emu = emulator();
    await expectEnvelope(await emu.request('/api/v1/nope'), 401, 'unauthorized');
    await expectEnvelope(
      await emu.request('/api/v1/nope', { headers: headers() }),
      404,
      'not_found',
    );
  });

  it('leaves the media route and the OpenAPI document public', async () => {
    const emu = emulator();
    const media = await emu.mediaStore.put({ bytes: Buffer.from('hi'), contentType: 'text/plain' });
    const res = await emu.request(`/api/v1/media/${media.id}/a.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-trace-id')).toBeTruthy();
    expect((await emu.request('/api/v1/openapi.json')).status).toBe(200);
  });
});

describe('errors are always the envelope with a trace id', () => {
  it('unknown paths, inside and outside /api', async () => {
    const emu = emulator();
    for (const path of ['/api/v1/unknown', '/api/v2/x', '/', '/index.html']) {
      await expectEnvelope(await emu.request(path, { headers: headers() }), 404, 'not_found');
    }
  });

  it('malformed JSON, empty JSON and wrong content types', async () => {
    const emu = emulator();
    const bad = await emu.request('/api/v1/code/sandbox', sandbox({ body: '{"language": "py' }));
    expect(await expectEnvelope(bad, 400, 'invalid_request')).toMatch(
      /^Request body is not valid JSON: .+/,
    );
    const empty = await emu.request('/api/v1/code/sandbox', sandbox({ body: '' }));
    expect(await expectEnvelope(empty, 400, 'invalid_request')).toBe(
      'Request body is not valid JSON: the body is empty.',
    );
    const text = await emu.request(
      '/api/v1/code/sandbox',
      sandbox({ headers: { ...headers(), 'content-type': 'text/plain' } }),
    );
    expect(await expectEnvelope(text, 400, 'invalid_request')).toBe(
      'Content-Type must be application/json (got text/plain).',
    );
    const none = await emu.request('/api/v1/code/sandbox', sandbox({ headers: headers() }));
    expect(await expectEnvelope(none, 400, 'invalid_request')).toContain(
      'Content-Type must be application/json',
    );
  });

  it('JSON nested past the limit is a 400 naming it, however deep', async () => {
    const emu = emulator();
    const levels = 100_000;
    const deep = `{"language": "python", "packages": ${'['.repeat(levels)}${']'.repeat(levels)}}`;
    const res = await emu.request('/api/v1/code/sandbox', sandbox({ body: deep }));
    expect(await expectEnvelope(res, 400, 'invalid_request')).toBe(
      'Request body must not nest arrays and objects more than 64 levels deep.',
    );
  });

  it('a JSON body over 1 MB is a 413, by Content-Length or by counting a chunked body', async () => {
    const emu = emulator();
    const big = JSON.stringify({ language: 'python', pad: 'x'.repeat(1024 * 1024) });
    const declared = await emu.request('/api/v1/code/sandbox', sandbox({ body: big }));
    expect(await expectEnvelope(declared, 413, 'invalid_request')).toBe(
      'Request body is larger than the 1 MB limit.',
    );
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new Uint8Array(100 * 1024).fill(32));
        controller.close();
      },
    });
    const chunked = await emu.request(
      '/api/v1/code/sandbox',
      sandbox({ body: chunks, duplex: 'half' } as RequestInit),
    );
    await expectEnvelope(chunked, 413, 'invalid_request');
    // A declared length is not trusted either: only a real socket holds the client to it.
    const understated = await emu.request(
      '/api/v1/code/sandbox',
      sandbox({ body: big, headers: { ...headers({ json: true }), 'content-length': '20' } }),
    );
    expect(await expectEnvelope(understated, 413, 'invalid_request')).toBe(
      'Request body is larger than the 1 MB limit.',
    );
  });

  it('an unexpected exception is a 500 request_failed without details, logged', async () => {
    const emu = emulator(
      {},
      {
        routes: [
          (app) =>
            app.get('/api/v1/boom', () => {
              throw new Error('secret detail at /home/x.ts:1');
            }),
        ],
      },
    );
    const res = await emu.request('/api/v1/boom', { headers: headers() });
    const message = await expectEnvelope(res, 500, 'request_failed');
    expect(message).toBe('The emulator could not complete the request.');
    expect(emu.logger.lines.join('\n')).toContain('secret detail');
  });
});

describe('rate limit', () => {
  it('allows EMULATOR_RATE_LIMIT requests per minute per key, then 429 with Retry-After', async () => {
    let time = Date.parse('2025-03-01T12:00:00.000Z');
    const emu = emulator({ EMULATOR_RATE_LIMIT: '3' }, { now: () => new Date(time) });
    for (let i = 0; i < 3; i++) {
      expect((await emu.request('/api/v1/code/sandbox', sandbox())).status).toBe(200);
    }
    time += 20_000;
    const limited = await emu.request('/api/v1/code/sandbox', sandbox());
    expect(await expectEnvelope(limited, 429, 'rate_limit_exceeded')).toContain('3 per minute');
    expect(limited.headers.get('retry-after')).toBe('40');
    // Another key has its own budget.
    const other = await emu.request(
      '/api/v1/code/sandbox',
      sandbox({ headers: headers({ key: 'test-key-other', json: true }) }),
    );
    expect(other.status).toBe(200);
    time += 40_000;
    expect((await emu.request('/api/v1/code/sandbox', sandbox())).status).toBe(200);
  });
});

describe('fault injection', () => {
  it('at 0 injects nothing', async () => {
    const emu = emulator({ EMULATOR_FAULTS: '0' });
    const all = await Promise.all(
      Array.from({ length: 40 }, () => emu.request('/api/v1/code/sandbox', sandbox())),
    );
    expect(all.map((res) => res.status)).toEqual(Array(40).fill(200));
    expect(all.some((res) => res.headers.has(faultHeader))).toBe(false);
  });

  it('at 1 gives every request a fault: 429, 500, dropped (502 in process) or slow', async () => {
    // A slow answer is delayed 1 to 3 s. On the fake clock those bounds hold exactly, where a
    // stopwatch would also count whatever else the machine is busy with.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const emu = emulator({ EMULATOR_FAULTS: '1' }, { random: seededRandom(7) });
      const answered: Response[] = [];
      const requests = Array.from({ length: 24 }, async () => {
        const res = await emu.request('/api/v1/code/sandbox', sandbox());
        answered.push(res);
        return res;
      });
      const kindOf = (res: Response) => res.headers.get(faultHeader);
      await vi.advanceTimersByTimeAsync(999);
      // No slow answer before a second has passed.
      expect(answered.map(kindOf)).not.toContain('slow');
      await vi.advanceTimersByTimeAsync(2_001);
      // Nor any request still waiting after three seconds: all the delays ran at once.
      expect(vi.getTimerCount()).toBe(0);
      const results = await Promise.all(requests);
      const kinds = results.map(kindOf);
      expect([...new Set(kinds)].sort()).toEqual(['dropped', 'failed', 'rate_limited', 'slow']);
      for (const res of results) {
        const kind = kindOf(res);
        if (kind === 'rate_limited') {
          await expectEnvelope(res, 429, 'rate_limit_exceeded');
          expect(res.headers.get('retry-after')).toBe('1');
        } else if (kind === 'failed') await expectEnvelope(res, 500, 'request_failed');
        else if (kind === 'dropped') await expectEnvelope(res, 502, 'request_failed');
        else {
          expect(kind).toBe('slow');
          expect(res.status).toBe(200);
        }
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves the public routes alone: media must load even when the API is flaky', async () => {
    const emu = emulator({ EMULATOR_FAULTS: '1' }, { random: () => 0 });
    const media = await emu.mediaStore.put({ bytes: Buffer.from('x'), contentType: 'text/plain' });
    for (let i = 0; i < 5; i++) {
      expect((await emu.request(`/api/v1/media/${media.id}`)).status).toBe(200);
      expect((await emu.request('/api/v1/openapi.json')).status).toBe(200);
    }
    const api = await emu.request('/api/v1/code/sandbox', sandbox());
    expect(api.headers.get(faultHeader)).toBe('rate_limited');
  });
});
