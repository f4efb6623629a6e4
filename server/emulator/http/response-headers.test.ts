import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { serveEmulator, type ServedEmulator } from '../test-support/serve-emulator';
import type { EmulatorBindings } from './context';
import { setResponseHeader } from './response-headers';

const served: ServedEmulator[] = [];
afterEach(async () => {
  await Promise.all(served.splice(0).map((s) => s.close()));
});

/** An app whose middleware adds X-Added after each of these handlers, served on a socket. */
async function serve() {
  const app = new Hono<EmulatorBindings>();
  app.use('*', async (c, next) => {
    await next();
    setResponseHeader(c, 'X-Added', 'yes');
  });
  app.get('/text', (c) => c.body('plain body', 200, { 'Content-Type': 'text/plain' }));
  app.get('/bytes', (c) => c.body(Buffer.from('byte body'), 201, { 'X-Own': 'kept' }));
  app.get('/stream', () => new Response(new Blob(['streamed body']).stream()));
  // A fetch result's headers cannot be changed in place.
  app.get('/passed-through', () => fetch(`${server.origin}/text`));
  const server = await serveEmulator(app);
  served.push(server);
  return server.origin;
}

describe('setResponseHeader', () => {
  it('adds a header to whatever the handler answered, body and own headers intact', async () => {
    const origin = await serve();
    const text = await fetch(`${origin}/text`);
    expect([text.status, text.headers.get('x-added'), await text.text()]).toEqual([
      200,
      'yes',
      'plain body',
    ]);
    expect(text.headers.get('content-length')).toBe('10');
    const bytes = await fetch(`${origin}/bytes`);
    expect([bytes.status, bytes.headers.get('x-added'), bytes.headers.get('x-own')]).toEqual([
      201,
      'yes',
      'kept',
    ]);
    expect(await bytes.text()).toBe('byte body');
    const stream = await fetch(`${origin}/stream`);
    expect([stream.headers.get('x-added'), await stream.text()]).toEqual(['yes', 'streamed body']);
  });

  it('rebuilds a response whose headers are immutable', async () => {
    const origin = await serve();
    const res = await fetch(`${origin}/passed-through`);
    expect([res.status, res.headers.get('x-added'), await res.text()]).toEqual([
      200,
      'yes',
      'plain body',
    ]);
  });
});
