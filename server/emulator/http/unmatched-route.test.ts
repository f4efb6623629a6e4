import { afterEach, describe, expect, it } from 'vitest';
import { endpoints } from '../../../src/api/contract/endpoints';
import { errorEnvelopeSchema } from '../../../src/api/contract/envelope';
import { z } from '../../../src/api/contract/zod';
import { createTestEmulator, headers, type TestEmulator } from '../test-support/test-emulator';
import { routePath } from './endpoint-route';

const emulators: TestEmulator[] = [];
function emulator(options: { cors?: boolean } = {}) {
  const emu = createTestEmulator({}, options);
  emulators.push(emu);
  return emu;
}
afterEach(async () => {
  await Promise.all(emulators.splice(0).map((emu) => emu.cleanup()));
});

/** The exact envelope, its status and a trace id; returns the message. */
async function envelope(res: Response, status: number, code: string): Promise<string> {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toContain('application/json');
  expect(res.headers.get('x-trace-id')).toBeTruthy();
  const { error } = z.strictObject(errorEnvelopeSchema.shape).parse(await res.json());
  expect(Object.keys(error).sort()).toEqual(['code', 'message']);
  expect(error.code).toBe(code);
  return error.message;
}

describe('a known path with another method', () => {
  it('is 405 invalid_request with Allow, naming the method and the allowed ones', async () => {
    const emu = emulator();
    const cases: Array<[method: string, path: string, allow: string]> = [
      ['DELETE', '/api/v1/voice/list', 'GET, HEAD'],
      ['GET', '/api/v1/training/voice', 'POST'],
      ['PUT', '/api/v1/training/status/train_x', 'GET, HEAD'],
      ['PATCH', '/api/v1/t2a/async/tts_x', 'GET, HEAD'],
      // Both `/files/upload` (POST) and `/files/{file_id}` (GET) match.
      ['DELETE', '/api/v1/files/upload', 'GET, HEAD, POST'],
      // Without CORS nothing answers a preflight, so OPTIONS is a method like any other.
      ['OPTIONS', '/api/v1/code/sandbox', 'POST'],
    ];
    for (const [method, path, allow] of cases) {
      const res = await emu.request(path, { method, headers: headers() });
      expect(res.headers.get('allow'), `${method} ${path}`).toBe(allow);
      expect(await envelope(res, 405, 'invalid_request')).toBe(
        `Method ${method} is not allowed at this path. Allowed: ${allow}.`,
      );
    }
  });

  it('holds for every endpoint of the contract', async () => {
    const emu = emulator();
    for (const endpoint of endpoints) {
      const path = routePath(endpoint).replace(/:\w+/g, 'x_1');
      const res = await emu.request(path, { method: 'DELETE', headers: headers() });
      expect(res.status, endpoint.id).toBe(405);
      expect(res.headers.get('allow')?.split(', '), endpoint.id).toContain(endpoint.method);
    }
  });

  it('answers HEAD on a POST-only path 405 without a body', async () => {
    const res = await emulator().request('/api/v1/t2a', { method: 'HEAD', headers: headers() });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(await res.text()).toBe('');
  });

  it('answers the public media route without a key', async () => {
    const res = await emulator().request('/api/v1/media/m_1/a.mp3', { method: 'POST' });
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect(await envelope(res, 405, 'invalid_request')).toMatch(/^Method POST is not allowed/);
  });

  it('checks the key first, as for any other API path', async () => {
    const res = await emulator().request('/api/v1/voice/list', { method: 'DELETE' });
    expect(res.headers.get('allow')).toBeNull();
    await envelope(res, 401, 'unauthorized');
  });

  it('lists OPTIONS when CORS answers it, and still sends the CORS headers', async () => {
    const emu = emulator({ cors: true });
    const res = await emu.request('/api/v1/code/sandbox', { headers: headers() });
    expect(res.headers.get('allow')).toBe('POST, OPTIONS');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    await envelope(res, 405, 'invalid_request');
    const preflight = await emu.request('/api/v1/code/sandbox', { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
  });
});

describe('a path no route serves', () => {
  it('is 404 not_found whatever the method, trailing slashes and extra segments included', async () => {
    const emu = emulator();
    for (const [method, path] of [
      ['GET', '/api/v1/nope'],
      ['POST', '/api/v1/nope'],
      ['DELETE', '/api/v1/training/voice/'],
      ['GET', '/api/v1/training/status/a/b'],
      ['PUT', '/'],
    ] as const) {
      const res = await emu.request(path, { method, headers: headers() });
      expect(res.headers.get('allow'), `${method} ${path}`).toBeNull();
      expect(await envelope(res, 404, 'not_found')).toBe('No API endpoint at this path.');
    }
  });
});
