import { Agent } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { describeNetworkError } from './upstream';
import { captureLogger, testEnv } from './test-support/gateway-server';

// Resolves nothing, so a DNS failure is deterministic and needs no network.
const noDns = new Agent({
  connect: {
    lookup: (_host, _options, callback) =>
      callback(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }), '', 4),
  },
});
afterAll(() => noDns.close());

describe('unreachable upstream', () => {
  it('names the host when its name does not resolve, and never the key', async () => {
    const env = testEnv({ API_BASE_URL: 'https://api.example.com', API_KEY: 'sk-dns-test-1' });
    const app = createApp({ env, logger: captureLogger(), dispatcher: noDns });
    const res = await app.request('/api/v1/voice/list');
    expect(res.status).toBe(502);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      error: {
        code: 'request_failed',
        message:
          'The upstream service at api.example.com could not be reached (host name could not be resolved).',
      },
    });
    expect(text).not.toContain('sk-dns-test-1');
  });
});

describe('describeNetworkError', () => {
  it.each([
    [{ code: 'ECONNREFUSED' }, 'connection refused'],
    [{ code: 'EAI_AGAIN' }, 'host name could not be resolved'],
    [{ code: 'UND_ERR_HEADERS_TIMEOUT' }, 'timed out'],
    [{ code: 'UND_ERR_CONNECT_TIMEOUT' }, 'timed out'],
    [{ code: 'ECONNRESET' }, 'connection was reset'],
    [{ code: 'DEPTH_ZERO_SELF_SIGNED_CERT' }, 'TLS handshake failed'],
    [{ errors: [{ code: 'ECONNREFUSED' }] }, 'connection refused'],
    [{ cause: { code: 'ENOTFOUND' } }, 'host name could not be resolved'],
    [new Error('something else'), 'network error'],
  ])('%j → %s', (err, reason) => {
    expect(describeNetworkError(err)).toBe(reason);
  });
});
