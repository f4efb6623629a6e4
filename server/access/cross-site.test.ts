/**
 * Which requests another site can make a browser send, and which the gateway acts on: judged
 * by the headers a browser adds (Sec-Fetch-Site, Origin), in process.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { crossSiteCheck } from './cross-site';

const app = new Hono();
app.use('*', crossSiteCheck());
app.all('*', (c) => c.text('acted'));

const send = (method: string, headers: Record<string, string> = {}) =>
  app.request('http://studio.example:8787/api/v1/files/upload', { method, headers });

async function expectRefused(res: Response, method: string) {
  expect(res.status).toBe(403);
  expect(await res.json()).toEqual({
    error: {
      code: 'forbidden',
      message: `A ${method} from another site is refused: the gateway acts only for pages of its own origin.`,
    },
  });
}

describe('the cross-site check', () => {
  it('lets another site read (GET, HEAD, OPTIONS), since reading changes nothing', async () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) {
      const res = await send(method, {
        'sec-fetch-site': 'cross-site',
        origin: 'https://evil.example',
      });
      expect(res.status, method).toBe(200);
    }
  });

  it('refuses every state-changing method another site sends, naming the method', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      await expectRefused(await send(method, { 'sec-fetch-site': 'cross-site' }), method);
      await expectRefused(await send(method, { 'sec-fetch-site': 'same-site' }), method);
    }
  });

  it('acts for the page’s own requests and for what the user typed or bookmarked', async () => {
    expect((await send('POST', { 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await send('POST', { 'sec-fetch-site': 'none' })).status).toBe(200);
  });

  it('trusts Sec-Fetch-Site over an Origin that would pass', async () => {
    await expectRefused(
      await send('POST', {
        'sec-fetch-site': 'cross-site',
        origin: 'http://studio.example:8787',
      }),
      'POST',
    );
  });

  it('refuses an unknown or empty Sec-Fetch-Site', async () => {
    await expectRefused(await send('POST', { 'sec-fetch-site': 'same-origin-ish' }), 'POST');
    await expectRefused(await send('POST', { 'sec-fetch-site': '' }), 'POST');
  });

  it('without Sec-Fetch-Site, acts only for an Origin of the same host and port', async () => {
    expect((await send('POST', { origin: 'http://studio.example:8787' })).status).toBe(200);
    await expectRefused(await send('DELETE', { origin: 'http://studio.example:9999' }), 'DELETE');
    await expectRefused(await send('POST', { origin: 'http://evil.example:8787' }), 'POST');
    // A sandboxed frame or a redirect across sites sends the opaque origin.
    await expectRefused(await send('POST', { origin: 'null' }), 'POST');
  });

  it('acts for a client that sends neither header: a script or curl, not a browser', async () => {
    expect((await send('POST')).status).toBe(200);
    expect(await (await send('DELETE')).text()).toBe('acted');
  });
});
