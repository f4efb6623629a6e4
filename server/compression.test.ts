/**
 * On-the-fly compression of API answers, over real sockets (the client here decodes nothing, so
 * the bytes on the wire are what is checked): JSON above 1 KiB is compressed as the client
 * accepts, small answers, media, event streams and already-encoded answers are left as they are.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { compression } from './compression';
import { sseReader } from './history/sse-client';
import { startUpstream, type FakeUpstream } from './test-support/fake-upstream';
import {
  captureLogger,
  startGateway,
  testEnv,
  type RunningGateway,
} from './test-support/gateway-server';

const BIG = JSON.stringify({
  data: { voices: Array.from({ length: 60 }, (_, i) => ({ voice_id: `v${i}`, name: 'Aria' })) },
  trace_id: 'up-big',
});
const TRICKLE = JSON.stringify({ data: { text: 'a'.repeat(4096) }, trace_id: 'up-trickle' });
let trickleRest: (() => void) | null = null;
const SMALL = JSON.stringify({ data: { ok: true }, trace_id: 'up-small' });
const AUDIO = Buffer.alloc(8 * 1024, 'RIFF');

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function raw(port: number, path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<Raw>((done, fail) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, method, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', fail);
      },
    );
    req.on('error', fail);
    req.end();
  });
}

describe('answers forwarded from the service', () => {
  let upstream: FakeUpstream;
  let gateway: RunningGateway;
  const dispatcher = new Agent();

  beforeAll(async () => {
    upstream = await startUpstream((_req, res, recorded) => {
      const path = recorded.url.replace(/^\/api/, '');
      if (path === '/v1/voice/list') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(BIG);
      } else if (path === '/v1/small') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(SMALL);
      } else if (path === '/v1/chunked-big' || path === '/v1/chunked-small') {
        // No Content-Length: the gateway cannot know the size before reading.
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        const body = path.endsWith('big') ? BIG : SMALL;
        res.write(body.slice(0, 10));
        setTimeout(() => res.end(body.slice(10)), 20);
      } else if (path === '/v1/trickle') {
        // Past the threshold, then nothing until the test has the answer's headers.
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write(TRICKLE.slice(0, 2048));
        trickleRest = () => res.end(TRICKLE.slice(2048));
      } else if (path === '/v1/audio') {
        res.writeHead(200, { 'content-type': 'audio/wav' }).end(AUDIO);
      } else if (path === '/v1/already-gzip') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
        res.end(gzipSync(BIG));
      } else {
        res.writeHead(204).end();
      }
    });
    const env = testEnv({ API_BASE_URL: upstream.origin, API_KEY: 'sk-compression-test' });
    gateway = await startGateway(createApp({ env, logger: captureLogger(), dispatcher }));
  });
  afterAll(async () => {
    await gateway.close();
    await upstream.close();
    await dispatcher.close();
  });

  it('compresses JSON above the threshold with br, else gzip, else not at all', async () => {
    for (const path of ['/api/v1/voice/list', '/api/v1/chunked-big']) {
      const br = await raw(gateway.port, path, { 'Accept-Encoding': 'gzip, br' });
      expect(br.status, path).toBe(200);
      expect(br.headers['content-encoding'], path).toBe('br');
      expect(br.headers.vary, path).toMatch(/Accept-Encoding/i);
      // A body that is all there is compressed whole and sent with its length.
      expect(br.headers['content-length'], path).toBe(String(br.body.length));
      expect(br.headers['cache-control'], path).toBe('no-store');
      expect(brotliDecompressSync(br.body).toString(), path).toBe(BIG);

      const gzip = await raw(gateway.port, path, { 'Accept-Encoding': 'gzip, br;q=0' });
      expect(gzip.headers['content-encoding'], path).toBe('gzip');
      expect(gunzipSync(gzip.body).toString(), path).toBe(BIG);

      for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
        const plain = await raw(gateway.port, path, accept ? { 'Accept-Encoding': accept } : {});
        expect(plain.headers['content-encoding'], `${path} ${accept}`).toBeUndefined();
        expect(plain.headers.vary, `${path} ${accept}`).toMatch(/Accept-Encoding/i);
        expect(plain.body.toString(), `${path} ${accept}`).toBe(BIG);
      }
    }
  });

  it('streams an answer still arriving: its headers come before its end, compressed', async () => {
    const body = await new Promise<Buffer>((done, fail) => {
      const req = httpRequest(
        { host: '127.0.0.1', port: gateway.port, path: '/api/v1/trickle', agent: false },
        (res) => {
          expect(res.headers['content-encoding']).toBe('br');
          expect(res.headers['content-length']).toBeUndefined();
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(Buffer.concat(chunks)));
          res.on('error', fail);
          // Only now does the service send the rest: a gateway holding the body would hang.
          trickleRest!();
        },
      );
      req.setHeader('Accept-Encoding', 'br');
      req.on('error', fail);
      req.end();
    });
    expect(brotliDecompressSync(body).toString()).toBe(TRICKLE);
  });

  it('sends JSON under the threshold as it is, with its length', async () => {
    for (const path of ['/api/v1/small', '/api/v1/chunked-small', '/api/gateway/status']) {
      const res = await raw(gateway.port, path, { 'Accept-Encoding': 'br, gzip' });
      expect(res.status, path).toBe(200);
      expect(res.headers['content-encoding'], path).toBeUndefined();
      expect(res.headers['content-length'], path).toBe(String(res.body.length));
      expect(() => JSON.parse(res.body.toString()) as unknown, path).not.toThrow();
    }
  });

  it('leaves media, already-encoded answers, HEAD and 204 alone', async () => {
    const audio = await raw(gateway.port, '/api/v1/audio', { 'Accept-Encoding': 'br, gzip' });
    expect(audio.headers['content-encoding']).toBeUndefined();
    expect(audio.headers['content-type']).toBe('audio/wav');
    expect(audio.body.equals(AUDIO)).toBe(true);

    const encoded = await raw(gateway.port, '/api/v1/already-gzip', { 'Accept-Encoding': 'br' });
    expect(encoded.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(encoded.body).toString()).toBe(BIG);

    const head = await raw(gateway.port, '/api/v1/voice/list', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.body.length).toBe(0);

    const empty = await raw(gateway.port, '/api/v1/nothing', { 'Accept-Encoding': 'br' });
    expect(empty.status).toBe(204);
    expect(empty.headers['content-encoding']).toBeUndefined();
  });
});

describe('an event stream', () => {
  let gateway: RunningGateway;
  let send: ((data: string) => Promise<void>) | null = null;

  beforeAll(async () => {
    const app = new Hono();
    app.use('/api/*', compression());
    app.get('/api/events', (c) =>
      streamSSE(c, async (stream) => {
        // Longer than the threshold: only its type keeps it from being compressed.
        await stream.writeSSE({ event: 'ready', data: 'x'.repeat(2048) });
        send = (data) => stream.writeSSE({ event: 'change', data });
        await new Promise<void>((done) => stream.onAbort(done));
      }),
    );
    app.get('/api/big-stream', (c) => {
      const body = Readable.toWeb(Readable.from([BIG.slice(0, 600), BIG.slice(600)]));
      return c.body(body as ReadableStream, 200, { 'Content-Type': 'application/json' });
    });
    gateway = await startGateway(app);
  });
  afterAll(() => gateway.close());

  it('is never compressed, and each event arrives as it is written', async () => {
    const controller = new AbortController();
    try {
      const res = await fetch(`http://127.0.0.1:${gateway.port}/api/events`, {
        signal: controller.signal,
        headers: { 'Accept-Encoding': 'br, gzip' },
      });
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(res.headers.get('content-encoding')).toBeNull();
      const sse = sseReader(res.body!);
      expect((await sse.next(2_000)).event).toBe('ready');
      await send!('first change');
      expect(await sse.next(1_000)).toMatchObject({ event: 'change', data: 'first change' });
    } finally {
      controller.abort();
    }
  });

  it('is told apart from a JSON stream, which is compressed', async () => {
    const res = await raw(gateway.port, '/api/big-stream', { 'Accept-Encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.body).toString()).toBe(BIG);
  });
});
