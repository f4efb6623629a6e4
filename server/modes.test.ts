import { describe, expect, it } from 'vitest';
import { createApp } from './app';
import type { EmbeddedEmulator } from './gateway';
import { captureLogger, testEnv } from './test-support/gateway-server';

describe('GET /api/gateway/status', () => {
  it('reports upstream mode, the origin (not the base path) and that a key is configured', async () => {
    const app = createApp({
      env: testEnv({ API_BASE_URL: 'https://api.example.com/media', API_KEY: 'k-1' }),
      logger: captureLogger(),
    });
    const res = await app.request('/api/gateway/status');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({
      mode: 'upstream',
      upstream_origin: 'https://api.example.com',
      credentials: true,
      database: 'sqlite',
    });
  });

  it('reports credentials false when no key is configured', async () => {
    const app = createApp({
      env: testEnv({ API_BASE_URL: 'https://api.example.com' }),
      logger: captureLogger(),
    });
    expect(await (await app.request('/api/gateway/status')).json()).toMatchObject({
      credentials: false,
    });
  });

  it('reports where the gateway keeps its state: PostgreSQL when DATABASE_URL is set', async () => {
    const app = createApp({
      env: testEnv({
        API_BASE_URL: 'https://api.example.com',
        DATABASE_URL: 'postgres://studio@db.internal/media',
      }),
      logger: captureLogger(),
    });
    expect(await (await app.request('/api/gateway/status')).json()).toMatchObject({
      database: 'postgres',
    });
  });

  it('reports emulator mode without an upstream', async () => {
    const app = createApp({ env: testEnv({ API_KEY: 'unused' }), logger: captureLogger() });
    expect(await (await app.request('/api/gateway/status')).json()).toEqual({
      mode: 'emulator',
      upstream_origin: null,
      credentials: false,
      database: 'sqlite',
    });
  });
});

describe('without API_BASE_URL', () => {
  it('answers 503 with the envelope when no emulator is plugged in', async () => {
    const app = createApp({ env: testEnv(), logger: captureLogger() });
    const res = await app.request('/api/v1/voice/list', { method: 'GET' });
    expect(res.status).toBe(503);
    expect(res.headers.get('x-trace-id')).toBeTruthy();
    expect(await res.json()).toEqual({
      error: {
        code: 'request_failed',
        message:
          'No upstream is configured: set API_BASE_URL, or run the server with the embedded emulator.',
      },
    });
  });

  it('forwards in process to a plugged-in emulator, with its key injected and never returned', async () => {
    const seen: Request[] = [];
    const emulator: EmbeddedEmulator = {
      apiKey: 'emu-key-123',
      async fetch(req) {
        seen.push(req);
        const body = await req.text();
        return Response.json(
          { data: { url: req.url, body }, trace_id: 'e' },
          { status: 201, headers: { 'x-echo': String(req.headers.get('authorization')) } },
        );
      },
    };
    const app = createApp({ env: testEnv(), logger: captureLogger(), emulator });
    const res = await app.request('/api/v1/t2a?x=1', { method: 'POST', body: '{"text":"hi"}' });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-echo')).toBeNull();
    expect(await res.json()).toEqual({
      data: { url: 'http://localhost/api/v1/t2a?x=1', body: '{"text":"hi"}' },
      trace_id: 'e',
    });
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer emu-key-123');
    expect(await (await app.request('/api/gateway/status')).json()).toEqual({
      mode: 'emulator',
      upstream_origin: null,
      credentials: true,
      database: 'sqlite',
    });
  });

  it('turns a thrown error into the 500 envelope, without a stack trace', async () => {
    const logger = captureLogger();
    const emulator: EmbeddedEmulator = {
      apiKey: 'emu-key-123',
      fetch() {
        throw new Error('boom at /secret/file.ts:12 emu-key-123');
      },
    };
    const app = createApp({ env: testEnv(), logger, emulator });
    const res = await app.request('/api/v1/voice/list');
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toContain('application/json');
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: 'request_failed', message: 'The gateway could not complete the request.' },
    });
    expect(text).not.toContain('boom');
    expect(logger.lines.join('\n')).toContain('boom');
    expect(logger.lines.join('\n')).not.toContain('emu-key-123');
  });
});
