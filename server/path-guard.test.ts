import { Hono } from 'hono';
import { Agent } from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelopeSchema } from '../src/api/contract/envelope';
import { createApp } from './app';
import { pathGuard, rawTarget, splitTarget, unsafeTargetReason } from './path-guard';
import { startUpstream, type FakeUpstream } from './test-support/fake-upstream';
import {
  captureLogger,
  rawRequest,
  startGateway,
  testEnv,
  type RunningGateway,
} from './test-support/gateway-server';

let upstream: FakeUpstream;
let gateway: RunningGateway;
const dispatcher = new Agent();

beforeAll(async () => {
  upstream = await startUpstream();
  const env = testEnv({ API_BASE_URL: `${upstream.origin}/base`, API_KEY: 'sk-path-test' });
  gateway = await startGateway(createApp({ env, logger: captureLogger(), dispatcher }));
});
afterEach(() => {
  upstream.requests.length = 0;
});
afterAll(async () => {
  await gateway.close();
  await upstream.close();
  await dispatcher.close();
});

describe('raw request targets over a real socket', () => {
  const refused: Array<[string, number]> = [
    ['/api/v2/x', 404],
    ['/api/v1/../../etc/passwd', 400],
    ['/api/v1/voice/../../../etc/passwd', 400],
    ['/api/v1/./voice/list', 400],
    ['/api/v1/%2e%2e/x', 400],
    ['/api/v1/%2E./x', 400],
    ['/api/v1/a%2Fb', 400],
    ['/api/v1/a%2fb', 400],
    ['/api/v1/a%5cb', 400],
    ['/api/v1/a%252Fb', 400],
    ['/api/v1/%252e%252e/x', 400],
    ['/api/v1//voice/list', 400],
    ['//evil', 400],
    ['//evil.example/api/v1/voice/list', 400],
    ['http://evil.example/api/v1/voice/list', 400],
    ['https://evil.example/api/v1/voice/list', 400],
  ];

  it.each(refused)(
    'refuses %s with the %i envelope and forwards nothing',
    async (target, status) => {
      const res = await rawRequest(gateway.port, target);
      expect(res.status).toBe(status);
      const envelope = errorEnvelopeSchema.parse(JSON.parse(res.body));
      expect(envelope.error.code).toBe(status === 404 ? 'not_found' : 'invalid_request');
      expect(res.headers['x-trace-id']).toBeTruthy();
      expect(upstream.requests).toHaveLength(0);
    },
  );

  it('says why a target is refused', async () => {
    const res = await rawRequest(gateway.port, '/api/v1/%2e%2e/x');
    expect(errorEnvelopeSchema.parse(JSON.parse(res.body)).error.message).toBe(
      'The request path is not allowed (dot segment in path).',
    );
  });

  it('refuses a literal backslash (node-server itself answers 400 before the app)', async () => {
    const res = await rawRequest(gateway.port, '/api/v1/a\\..\\..\\x');
    expect(res.status).toBe(400);
    expect(upstream.requests).toHaveLength(0);
  });

  it('refuses unsafe targets on non-API paths too, instead of serving the app', async () => {
    const res = await rawRequest(gateway.port, '/voices/../../etc/passwd');
    expect(res.status).toBe(400);
  });

  it('refuses TRACE, which an upstream would answer by echoing the injected key', async () => {
    const res = await rawRequest(gateway.port, '/api/v1/voice/list', { method: 'TRACE' });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    expect(res.body).not.toContain('sk-path-test');
    expect(upstream.requests).toHaveLength(0);
  });

  it('forwards a clean target byte for byte, query string included', async () => {
    const target = '/api/v1/voice/list?scope=custom&next=a%2Fb&u=https://x.example//y';
    const res = await rawRequest(gateway.port, target);
    expect(res.status).toBe(200);
    expect(upstream.requests.map((r) => r.url)).toEqual([`/base${target}`]);
    expect(upstream.requests[0]!.headers.authorization).toBe('Bearer sk-path-test');
    expect(upstream.requests[0]!.headers['x-forwarded-host']).toBe(`127.0.0.1:${gateway.port}`);
  });
});

describe('unsafeTargetReason', () => {
  it('accepts ordinary paths, including dots inside names and encoded spaces', () => {
    for (const ok of [
      '/',
      '/voices',
      '/api/v1/voice/list',
      '/api/v1/files/my.file.wav',
      '/api/v1/x/a%20b',
      '/api/v1/x?q=../..',
    ]) {
      expect(unsafeTargetReason(ok), ok).toBeNull();
    }
  });

  it('names what is wrong', () => {
    expect(unsafeTargetReason('http://evil.example/api/v1/x')).toBe('absolute-form request target');
    expect(unsafeTargetReason('*')).toBe('absolute-form request target');
    expect(unsafeTargetReason('/api/v1/a\\b')).toBe('backslash in path');
    expect(unsafeTargetReason('/api/v1/%2e')).toBe('dot segment in path');
    expect(unsafeTargetReason('/api/v1/%00')).toBe('control character in path');
    expect(unsafeTargetReason('/api/v1/%E0%A4%A')).toBe('malformed percent-encoding in path');
    expect(unsafeTargetReason('/api/v1/%25252525252e')).toBe('path encoded too many times');
  });

  it('looks through two rounds of percent-encoding, and refuses a third', () => {
    // `A` encoded twice (`%2541`) is still a plain letter; encoded three times it is not.
    expect(unsafeTargetReason('/api/v1/x/%2541')).toBeNull();
    expect(unsafeTargetReason('/api/v1/x/%252541')).toBe('path encoded too many times');
    expect(unsafeTargetReason('/api/v1/%252e%252e/x')).toBe('dot segment in path');
  });

  it('refuses every control character, encoded or not, and nothing printable', () => {
    for (const target of ['/a%00', '/a%01', '/a%09', '/a%0A', '/a%1e', '/a%1F', '/a%7f', '/a\x7f'])
      expect(unsafeTargetReason(target), target).toBe('control character in path');
    for (const target of ['/a%20b', '/a%7e', '/a%21', '/a~b'])
      expect(unsafeTargetReason(target), target).toBeNull();
  });

  it('refuses a slash or backslash hidden by encoding, in either case', () => {
    for (const target of ['/a%2fb', '/a%2Fb', '/a%5cb', '/a%5Cb', '/a%252fb'])
      expect(unsafeTargetReason(target), target).toBe('encoded slash in path');
  });

  it('refuses a dot segment anywhere in the path, but not dots within a name', () => {
    for (const target of ['/.', '/..', '/a/./b', '/a/../b', '/a/..', '/a/%2E%2E/b'])
      expect(unsafeTargetReason(target), target).toBe('dot segment in path');
    for (const target of ['/a/.b', '/a/b..', '/a/...', '/.well-known/x'])
      expect(unsafeTargetReason(target), target).toBeNull();
  });

  it('judges the path only, whatever the query holds', () => {
    expect(unsafeTargetReason('/api/v1/x?next=//evil.example/../%2f%00')).toBeNull();
    expect(unsafeTargetReason('/api/v1/../x?q=1')).toBe('dot segment in path');
  });
});

describe('splitTarget', () => {
  it('splits at the first question mark, keeping it with the query', () => {
    expect(splitTarget('/api/v1/x')).toEqual({ path: '/api/v1/x', search: '' });
    expect(splitTarget('/api/v1/x?a=1?b=2')).toEqual({ path: '/api/v1/x', search: '?a=1?b=2' });
    expect(splitTarget('/x?')).toEqual({ path: '/x', search: '?' });
    expect(splitTarget('?a=1')).toEqual({ path: '', search: '?a=1' });
  });
});

describe('the path guard in process, where no raw request line exists', () => {
  const app = new Hono();
  app.use('*', pathGuard());
  app.all('*', (c) => c.text(rawTarget(c)));

  it('reads the target from the parsed URL, query included', async () => {
    const res = await app.request('http://localhost/api/v1/voice/list?scope=custom&x=%2F');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('/api/v1/voice/list?scope=custom&x=%2F');
  });

  it('still refuses what the parsed URL keeps encoded', async () => {
    const res = await app.request('http://localhost/api/v1/a%2fb');
    expect(res.status).toBe(400);
    expect(errorEnvelopeSchema.parse(await res.json()).error).toEqual({
      code: 'invalid_request',
      message: 'The request path is not allowed (encoded slash in path).',
    });
  });
});
