import { Agent } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '../src/api/contract/envelope';
import { createApp } from './app';
import { closedPort, startUpstream, type FakeUpstream } from './test-support/fake-upstream';
import { captureLogger, testEnv } from './test-support/gateway-server';

const KEY = 'sk-test-9f8e7d6c5b4a';
const STACK = 'stack-42';

let upstream: FakeUpstream;
const dispatcher = new Agent();

beforeAll(async () => {
  upstream = await startUpstream((req, res, recorded) => {
    if (recorded.url.startsWith('/api/v1/echo')) {
      // A careless upstream that reflects the credentials it was sent.
      res.writeHead(200, {
        'content-type': 'application/json',
        'x-echo-auth': String(req.headers.authorization),
        'x-kept': 'yes',
        'set-cookie': 'session=upstream',
        'proxy-authenticate': 'Basic',
        connection: 'x-hop',
        'x-hop': 'drop me',
      });
      res.end('{"data":{}}');
      return;
    }
    if (recorded.url.startsWith('/api/v1/empty')) {
      res.writeHead(204).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({ data: { url: recorded.url, bytes: recorded.bodyBytes }, trace_id: 't-1' }),
    );
  });
});
afterEach(() => {
  upstream.requests.length = 0;
});
afterAll(async () => {
  await upstream.close();
  await dispatcher.close();
});

function upstreamApp(overrides: Parameters<typeof testEnv>[0] = {}) {
  const logger = captureLogger();
  const env = testEnv({
    API_BASE_URL: upstream.origin,
    API_KEY: KEY,
    STACK_ID: STACK,
    ...overrides,
  });
  return { app: createApp({ env, logger, dispatcher }), logger };
}

describe('forwarding to the upstream', () => {
  it('injects the key and stack id, forwards the query string, and streams the answer back', async () => {
    const { app } = upstreamApp();
    const res = await app.request('/api/v1/voice/list?scope=custom&language=en', {
      headers: { cookie: 'mine=1', 'x-forwarded-host': 'spoofed.example' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({
      data: { url: '/api/v1/voice/list?scope=custom&language=en', bytes: 0 },
      trace_id: 't-1',
    });
    const seen = upstream.requests[0]!;
    expect(seen.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(seen.headers['x-stack-id']).toBe(STACK);
    expect(seen.headers.host).toBe(upstream.host);
    expect(seen.headers.cookie).toBeUndefined();
    expect(seen.headers['x-forwarded-host']).toBe('localhost');
    expect(seen.headers['x-forwarded-proto']).toBe('http');
  });

  it("keeps the request's own Authorization and X-Stack-Id", async () => {
    const { app } = upstreamApp();
    await app.request('/api/v1/voice/list', {
      headers: { authorization: 'Bearer user-key', 'x-stack-id': 'their-stack' },
    });
    expect(upstream.requests[0]!.headers.authorization).toBe('Bearer user-key');
    expect(upstream.requests[0]!.headers['x-stack-id']).toBe('their-stack');
  });

  it('drops the client’s Authorization and X-Stack-Id when people sign in to the gateway', async () => {
    // Else a signed-in user could aim the gateway's key at a stack it does not serve.
    const { app } = upstreamApp({ GATEWAY_PASSWORD: 'correct horse battery' });
    await app.request('/api/v1/voice/list', {
      headers: { authorization: 'Bearer user-key', 'x-stack-id': 'their-stack' },
    });
    expect(upstream.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(upstream.requests[0]!.headers['x-stack-id']).toBe(STACK);
    const bare = upstreamApp({ GATEWAY_PASSWORD: 'correct horse battery', STACK_ID: undefined });
    await bare.app.request('/api/v1/voice/list', { headers: { 'x-stack-id': 'their-stack' } });
    expect(upstream.requests[1]!.headers['x-stack-id']).toBeUndefined();
  });

  it('sends nothing of its own when no key or stack id is configured', async () => {
    const { app } = upstreamApp({ API_KEY: undefined, STACK_ID: undefined });
    await app.request('/api/v1/voice/list');
    expect(upstream.requests[0]!.headers.authorization).toBeUndefined();
    expect(upstream.requests[0]!.headers['x-stack-id']).toBeUndefined();
  });

  it('keeps the base path of API_BASE_URL and forwards a JSON body', async () => {
    const { app } = upstreamApp({ API_BASE_URL: `${upstream.origin}/media` });
    const body = JSON.stringify({ prompt: 'a cat', tool: 'auto' });
    const res = await app.request('/api/v1/image/generate', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(200);
    expect(upstream.requests[0]).toMatchObject({
      method: 'POST',
      url: '/media/api/v1/image/generate',
      bodyBytes: body.length,
    });
  });

  it('strips hop-by-hop headers both ways', async () => {
    const { app } = upstreamApp();
    const res = await app.request('/api/v1/echo', {
      headers: {
        connection: 'x-private',
        'x-private': '1',
        te: 'trailers',
        'proxy-authorization': 'Basic abc',
        'x-normal': 'ok',
      },
    });
    const seen = upstream.requests[0]!.headers;
    expect(seen['x-private']).toBeUndefined();
    expect(seen.te).toBeUndefined();
    expect(seen['proxy-authorization']).toBeUndefined();
    expect(seen['x-normal']).toBe('ok');
    expect(res.headers.get('x-kept')).toBe('yes');
    for (const name of ['x-hop', 'proxy-authenticate', 'set-cookie', 'x-echo-auth'])
      expect(res.headers.get(name)).toBeNull();
  });

  it('passes a 204 and a HEAD through without a body', async () => {
    const { app } = upstreamApp();
    expect((await app.request('/api/v1/empty', { method: 'DELETE' })).status).toBe(204);
    const head = await app.request('/api/v1/voice/list', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('only forwards /api/v1: other /api paths get the 404 envelope', async () => {
    const { app } = upstreamApp();
    for (const path of ['/api/v2/x', '/api/nope', '/api/v1', '/api/v1/']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expect(errorEnvelopeSchema.parse(await res.json()).error.code).toBe('not_found');
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    expect(upstream.requests).toHaveLength(0);
  });
});

describe('upstream failures', () => {
  it('answers 502 request_failed naming the host when the upstream is down', async () => {
    const port = await closedPort();
    const { app } = upstreamApp({ API_BASE_URL: `http://127.0.0.1:${port}` });
    const res = await app.request('/api/v1/voice/list');
    expect(res.status).toBe(502);
    expect(res.headers.get('x-trace-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await res.json()).toEqual({
      error: {
        code: 'request_failed',
        message: `The upstream service at 127.0.0.1:${port} could not be reached (connection refused).`,
      },
    });
  });
});

describe('the key never leaves the server', () => {
  it('is absent from every response and every log line', async () => {
    const port = await closedPort();
    const { app, logger } = upstreamApp();
    const down = upstreamApp({ API_BASE_URL: `http://127.0.0.1:${port}` });
    const responses = [
      await app.request('/api/gateway/status'),
      await app.request('/api/v1/echo'),
      await app.request('/api/v2/x'),
      await down.app.request('/api/v1/voice/list'),
    ];
    // A user who pastes the key into a path sees it echoed by the upstream (their doing), but
    // the gateway's log must not keep it.
    await app.request(`/api/v1/training/status/${KEY}?q=${KEY}`);
    expect(upstream.requests.length).toBeGreaterThan(0);
    for (const res of responses.slice(0, 2)) expect(res.status).toBe(200);
    for (const res of responses) {
      const headers = JSON.stringify([...res.headers]);
      const body = await res.text();
      expect(`${headers}\n${body}`).not.toContain(KEY);
    }
    // The path that carried the key was logged, with the key scrubbed.
    const lines = [...logger.lines, ...down.logger.lines];
    expect(lines.some((line) => line.includes('/api/v1/training/status/[redacted]'))).toBe(true);
    expect(lines.join('\n')).not.toContain(KEY);
  });
});

describe('request log', () => {
  it('writes one line per request with method, path without query, status and duration', async () => {
    const { app, logger } = upstreamApp();
    await app.request('/api/v1/voice/list?scope=secret-filter');
    expect(logger.lines).toHaveLength(1);
    const fields = JSON.parse(logger.lines[0]!.replace(/^info request /, '')) as Record<
      string,
      unknown
    >;
    expect(fields).toMatchObject({ method: 'GET', path: '/api/v1/voice/list', status: 200 });
    expect(typeof fields.ms).toBe('number');
    expect(logger.lines[0]).not.toContain('secret-filter');
  });
});
