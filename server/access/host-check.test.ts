/**
 * Which Host names the gateway answers for, in process: the URL a request arrives with is built
 * from its Host header, which is what a DNS-rebinding page cannot choose.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { hostCheck } from './host-check';

function gatewayFor(allowedHosts: string[]) {
  const app = new Hono();
  app.use('*', hostCheck(allowedHosts));
  app.all('*', (c) => c.text('served'));
  return (host: string) => app.request(`http://${host}/api/v1/voice/list`);
}

describe('the Host check', () => {
  it('answers loopback names without any ALLOWED_HOSTS', async () => {
    const get = gatewayFor([]);
    for (const host of ['localhost', 'localhost:5173', '127.0.0.1:8787', '[::1]:8787']) {
      const res = await get(host);
      expect(res.status, host).toBe(200);
      expect(await res.text()).toBe('served');
    }
  });

  it('refuses any other name with 403, telling the operator what to set', async () => {
    const res = await gatewayFor([])('studio.example.com:8443');
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: {
        code: 'forbidden',
        message:
          'This gateway does not answer for the host "studio.example.com:8443". If it is served under that name, add it to ALLOWED_HOSTS (comma-separated, e.g. ALLOWED_HOSTS=studio.example.com).',
      },
    });
  });

  it('matches ALLOWED_HOSTS whatever the case they are written in', async () => {
    const get = gatewayFor(['Studio.Example.COM', 'Media.Example.org:8443']);
    expect((await get('studio.example.com')).status).toBe(200);
    expect((await get('STUDIO.EXAMPLE.COM:9000')).status).toBe(200);
    expect((await get('media.example.org:8443')).status).toBe(200);
    expect((await get('media.example.org:8444')).status).toBe(403);
    expect((await get('media.example.org')).status).toBe(403);
  });

  it('answers a listed name on any port, and a listed name:port on that port only', async () => {
    const get = gatewayFor(['studio.example.com', 'media.example.org:8443']);
    expect((await get('studio.example.com:1234')).status).toBe(200);
    expect((await get('media.example.org:8443')).status).toBe(200);
    expect((await get('media.example.org:443')).status).toBe(403);
    expect((await get('evil.example')).status).toBe(403);
    expect((await get('studio.example.com.evil.example')).status).toBe(403);
  });
});
