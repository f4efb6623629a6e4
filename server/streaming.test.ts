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

const MB = 1024 * 1024;
const TOTAL = 200 * MB;
/** Buffering the body whole would grow memory by at least TOTAL; streaming stays far below. */
const MAX_GROWTH = 100 * MB;
const chunk = Buffer.alloc(MB, 7);

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
    for (let sent = 0; sent < TOTAL; sent += MB) {
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

/** Peak growth of rss and of arrayBuffers (where Buffers live) while `run` is in flight. */
async function peakGrowth(run: () => Promise<void>) {
  const before = process.memoryUsage();
  let rss = 0;
  let arrayBuffers = 0;
  const sample = () => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss - before.rss);
    arrayBuffers = Math.max(arrayBuffers, now.arrayBuffers - before.arrayBuffers);
  };
  const timer = setInterval(sample, 5);
  try {
    await run();
  } finally {
    clearInterval(timer);
    sample();
  }
  return { rss, arrayBuffers };
}

it('streams a 200 MB upload to the upstream without buffering it', async () => {
  let answer = '';
  const growth = await peakGrowth(
    () =>
      new Promise<void>((resolve, reject) => {
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
          req.end();
        };
        pump().catch(reject);
      }),
  );
  expect(JSON.parse(answer)).toEqual({ bytes: TOTAL });
  expect(upstream.requests.at(-1)!.bodyBytes).toBe(TOTAL);
  expect(growth.rss).toBeLessThan(MAX_GROWTH);
  expect(growth.arrayBuffers).toBeLessThan(MAX_GROWTH);
}, 60_000);

it('streams a 200 MB download back without buffering it', async () => {
  let received = 0;
  const growth = await peakGrowth(
    () =>
      new Promise<void>((resolve, reject) => {
        httpRequest(
          { host: '127.0.0.1', port: gateway.port, path: '/api/v1/files/big.mp4' },
          (res) => {
            expect(res.headers['content-length']).toBe(String(TOTAL));
            res.on('data', (part: Buffer) => (received += part.length));
            res.on('end', resolve);
            res.on('error', reject);
          },
        )
          .on('error', reject)
          .end();
      }),
  );
  expect(received).toBe(TOTAL);
  expect(growth.rss).toBeLessThan(MAX_GROWTH);
  expect(growth.arrayBuffers).toBeLessThan(MAX_GROWTH);
}, 60_000);
