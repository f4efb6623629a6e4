import { afterEach, describe, expect, it } from 'vitest';
import { createTestEmulator, headers, type TestEmulator } from '../test-support/test-emulator';

const emulators: TestEmulator[] = [];
function emulator() {
  const emu = createTestEmulator({}, { cors: true });
  emulators.push(emu);
  return emu;
}
afterEach(async () => {
  await Promise.all(emulators.splice(0).map((emu) => emu.cleanup()));
});

const exposed = 'X-Trace-Id,Retry-After,Content-Range,Content-Length,Accept-Ranges,ETag';

describe('CORS on the standalone emulator', () => {
  it('answers a preflight 204 without a key, naming what a client may send', async () => {
    const res = await emulator().request('/api/v1/voice/list', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization,x-stack-id',
      },
    });
    expect(res.status).toBe(204);
    expect(Object.fromEntries(res.headers)).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET,HEAD,POST,OPTIONS',
      'access-control-allow-headers': 'Authorization,X-Stack-Id,Content-Type,Range,If-None-Match',
      'access-control-expose-headers': exposed,
      'access-control-max-age': '600',
      vary: 'Access-Control-Request-Headers',
    });
    expect(res.headers.get('x-trace-id')).toBeTruthy();
    expect(res.headers.get('content-type')).toBeNull();
  });

  it('lets a page read every answer: success, error, and media served as a stream', async () => {
    const emu = emulator();
    const media = await emu.mediaStore.put({ bytes: Buffer.from('hi'), contentType: 'text/plain' });
    const answers = [
      await emu.request('/api/v1/code/sandbox', {
        method: 'POST',
        headers: headers({ json: true }),
        body: '{"language":"python"}',
      }),
      await emu.request('/api/v1/code/sandbox', { method: 'POST' }),
      await emu.request(`/api/v1/media/${media.id}/a.txt`),
    ];
    expect(answers.map((res) => res.status)).toEqual([200, 401, 200]);
    for (const res of answers) {
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-expose-headers')).toBe(exposed);
      expect(res.headers.get('x-trace-id')).toBeTruthy();
    }
    expect(await answers[2]!.text()).toBe('hi');
  });

  it('is off unless asked for (the embedded gateway never sends it)', async () => {
    const emu = createTestEmulator();
    emulators.push(emu);
    const res = await emu.request('/api/v1/voice/list', { method: 'OPTIONS' });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});
