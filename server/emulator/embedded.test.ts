import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileResponseSchema, fileUploadResponseSchema } from '../../src/api/contract/files';
import { createApp } from '../app';
import { captureLogger, testEnv } from '../test-support/gateway-server';
import { createEmbeddedEmulator, embeddedStackId, type EmbeddedSetup } from './embedded';

const KEY = 'embedded-key-123456';
let dir: string;
let setup: EmbeddedSetup;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'media-emulator-embedded-'));
  setup = createEmbeddedEmulator(
    { EMULATOR_DATA_DIR: dir, EMULATOR_API_KEYS: `${KEY},second` },
    {},
  );
});
afterEach(async () => {
  await setup.emulator.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the gateway with the embedded emulator', () => {
  it('injects the first key, and STACK_ID or a default stack', async () => {
    expect(setup.embedded.apiKey).toBe(KEY);
    expect(setup.embedded.stackId).toBe(embeddedStackId);
    const withStack = createEmbeddedEmulator({ EMULATOR_DATA_DIR: dir }, { STACK_ID: 'mine' });
    expect(withStack.embedded).toMatchObject({ apiKey: 'local-dev-key', stackId: 'mine' });
    await withStack.emulator.close();
  });

  it('serves uploads and their media through the gateway origin, cacheable, key never returned', async () => {
    // Served under its own name, which the gateway is told to answer for.
    const app = createApp({
      env: testEnv({ ALLOWED_HOSTS: ['studio.test'] }),
      logger: captureLogger(),
      emulator: setup.embedded,
    });
    expect(await (await app.request('/api/gateway/status')).json()).toEqual({
      mode: 'emulator',
      upstream_origin: null,
      credentials: true,
      database: 'sqlite',
    });

    const form = new FormData();
    form.append('purpose', 'audio-input');
    form.append('file', new Blob(['0123456789'], { type: 'audio/wav' }), 'take.wav');
    // As the browser sends it: no Authorization, no X-Stack-Id.
    const up = await app.request('http://studio.test:8787/api/v1/files/upload', {
      method: 'POST',
      body: form,
    });
    expect(up.status).toBe(200);
    const { file_id } = fileUploadResponseSchema.parse(await up.json()).data;

    const got = await app.request(`http://studio.test:8787/api/v1/files/${file_id}`);
    const text = await got.text();
    expect(text).not.toContain(KEY);
    expect(got.headers.get('cache-control')).toBe('no-store');
    const { url } = fileResponseSchema.parse(JSON.parse(text)).data;
    expect(url.startsWith('http://studio.test:8787/api/v1/media/')).toBe(true);

    const media = await app.request(url, { headers: { range: 'bytes=2-4' } });
    expect(media.status).toBe(206);
    expect(await media.text()).toBe('234');
    expect(media.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(media.headers.get('content-range')).toBe('bytes 2-4/10');
  });

  it('answers a route that does not exist with the not_found envelope and a trace id', async () => {
    const app = createApp({ env: testEnv(), logger: captureLogger(), emulator: setup.embedded });
    const res = await app.request('/api/v1/voice/no-such-route');
    expect(res.status).toBe(404);
    expect(res.headers.get('x-trace-id')).toBeTruthy();
    expect(await res.json()).toEqual({
      error: { code: 'not_found', message: 'No API endpoint at this path.' },
    });
  });

  it('answers a known path with another method 405, with Allow, as the standalone emulator does', async () => {
    const app = createApp({ env: testEnv(), logger: captureLogger(), emulator: setup.embedded });
    const res = await app.request('/api/v1/voice/list', { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect(res.headers.get('x-trace-id')).toBeTruthy();
    expect(await res.json()).toEqual({
      error: {
        code: 'invalid_request',
        message: 'Method DELETE is not allowed at this path. Allowed: GET, HEAD.',
      },
    });
  });
});
