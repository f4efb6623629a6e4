import { request as httpRequest } from 'node:http';
import { Agent } from 'undici';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from './app';
import { startUpstream, type FakeUpstream } from './test-support/fake-upstream';
import {
  captureLogger,
  startGateway,
  testEnv,
  type RunningGateway,
} from './test-support/gateway-server';

// Whether memory stays far below the file's size is measured by bench/streaming-memory.ts: the
// process's memory also moves with whatever else runs, so a bound checked here fails on a busy
// machine. These check what cannot vary: every byte arrives, and one end sees the body move
// before the other end is done with it, which a gateway that buffered the whole body could not do.
const MB = 1024 * 1024;
const TOTAL = 200 * MB;
const chunk = Buffer.alloc(MB, 7);
/** Bytes of the download the upstream has handed to its socket so far. */
let downloadSent = 0;

let upstream: FakeUpstream;
let gateway: RunningGateway;
const dispatcher = new Agent();

beforeAll(async () => {
  upstream = await startUpstream(async (req, res, recorded) => {
    if (req.method === 'POST') {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ bytes: recorded.bodyBytes }));
      return;
    }
    // A large media download, written with backpressure like a file server would.
    res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(TOTAL) });
    for (downloadSent = 0; downloadSent < TOTAL; downloadSent += MB) {
      if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve));
    }
    res.end();
  });
  gateway = await startGateway(
    createApp({
      env: testEnv({ API_BASE_URL: upstream.origin }),
      logger: captureLogger(),
      dispatcher,
    }),
  );
});
afterAll(async () => {
  await gateway.close();
  await upstream.close();
  await dispatcher.close();
});

it('streams a 200 MB upload to the upstream without buffering it', async () => {
  let answer = '';
  /** What the upstream had received when the last byte was still to be sent. */
  let receivedBeforeEnd = 0;
  await new Promise<void>((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: gateway.port,
        method: 'POST',
        path: '/api/v1/files/upload',
        headers: {
          'content-type': 'application/octet-stream',
          'content-length': String(TOTAL),
        },
      },
      (res) => {
        res.setEncoding('utf8');
        res.on('data', (text: string) => (answer += text));
        res.on('end', resolve);
      },
    );
    req.on('error', reject);
    const pump = async () => {
      for (let sent = 0; sent < TOTAL; sent += MB) {
        if (!req.write(chunk)) await new Promise((r) => req.once('drain', r));
      }
      receivedBeforeEnd = upstream.requests.at(-1)?.bodyBytes ?? 0;
      req.end();
    };
    pump().catch(reject);
  });
  expect(JSON.parse(answer)).toEqual({ bytes: TOTAL });
  expect(upstream.requests.at(-1)!.bodyBytes).toBe(TOTAL);
  expect(receivedBeforeEnd).toBeGreaterThan(0);
}, 60_000);

it('streams a 200 MB download back without buffering it', async () => {
  let received = 0;
  /** What the upstream had sent when the first bytes reached the client. */
  let sentAtFirstBytes: number | undefined;
  await new Promise<void>((resolve, reject) => {
    httpRequest({ host: '127.0.0.1', port: gateway.port, path: '/api/v1/files/big.mp4' }, (res) => {
      expect(res.headers['content-length']).toBe(String(TOTAL));
      res.on('data', (part: Buffer) => {
        sentAtFirstBytes ??= downloadSent;
        received += part.length;
      });
      res.on('end', resolve);
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
  expect(received).toBe(TOTAL);
  expect(sentAtFirstBytes).toBeLessThan(TOTAL);
}, 60_000);
