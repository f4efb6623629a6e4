/**
 * Which client address a request's failures are counted under, in process: the connection's
 * address is given to each request, as the node server would.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { trustedProxies } from './client-address';
import { clientAddress, recordClientAddress, type ProxyTrust } from './rate-limit';

async function addressSeen(
  trust: ProxyTrust | undefined,
  { from, forwardedFor }: { from?: string | null; forwardedFor?: string },
) {
  const app = new Hono();
  if (trust !== undefined)
    app.use('*', async (c, next) => {
      recordClientAddress(c, trust);
      await next();
    });
  app.get('*', (c) => c.text(clientAddress(c)));
  const headers: Record<string, string> = forwardedFor ? { 'x-forwarded-for': forwardedFor } : {};
  // `null`: a connection already closed, whose address node no longer knows.
  const env =
    from === undefined ? undefined : { incoming: { socket: { remoteAddress: from ?? undefined } } };
  const res = await app.request('http://127.0.0.1:8787/auth/password', { headers }, env);
  return res.text();
}

describe('the client address', () => {
  it('is the connection’s own without trusted proxies, whatever X-Forwarded-For says', async () => {
    const from = '198.51.100.9';
    expect(await addressSeen(0, { from, forwardedFor: '203.0.113.7' })).toBe(from);
    expect(await addressSeen(undefined, { from, forwardedFor: '203.0.113.7' })).toBe(from);
  });

  it('behind a number of proxies, is the entry the nearest of them wrote', async () => {
    const seen = await addressSeen(1, {
      from: '10.0.0.5',
      forwardedFor: '198.51.100.1, 203.0.113.7',
    });
    expect(seen).toBe('203.0.113.7');
  });

  it('behind named proxies, is read only from a connection that comes from one of them', async () => {
    const proxies = trustedProxies(['10.0.0.5']);
    const forwardedFor = '198.51.100.1, 203.0.113.7';
    expect(await addressSeen(proxies, { from: '10.0.0.5', forwardedFor })).toBe('203.0.113.7');
    expect(await addressSeen(proxies, { from: '10.0.0.6', forwardedFor })).toBe('10.0.0.6');
  });

  it('is "unknown" for a request that came over no connection, or one already closed', async () => {
    expect(await addressSeen(undefined, {})).toBe('unknown');
    expect(await addressSeen(0, { forwardedFor: '203.0.113.7' })).toBe('unknown');
    expect(await addressSeen(0, { from: null })).toBe('unknown');
  });
});
