import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, get, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { historyEventsPath } from '../../src/api/contract/history-paths';
import { sseReader } from '../history/sse-client';
import { startServerProcess } from '../test-support/child-server';
import { startUpstream, type FakeUpstream } from '../test-support/fake-upstream';
import { rawRequest } from '../test-support/gateway-server';
import { parseMetrics, sampleValue } from '../test-support/prometheus-text';
import { shutdownRetryMs } from './event-streams';

/**
 * The real server stopped by SIGTERM, as an orchestrator stops a replica: it takes no new
 * connection, tells the open event streams to reconnect elsewhere and ends them, lets the
 * request under way finish, and leaves with exit code 0.
 */

let dist: string;
let upstream: FakeUpstream;
/** The service's answer to the one slow call, sent when the test says. */
let answerSlowCall: (() => void) | null = null;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'media-studio-shutdown-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>built</title>');
  upstream = await startUpstream((_req, res: ServerResponse, recorded) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const body = JSON.stringify({ data: { voices: [], url: recorded.url } });
    if (recorded.url.startsWith('/api/v1/voice/list')) answerSlowCall = () => res.end(body);
    else res.end(body);
  });
});
afterAll(async () => {
  await upstream.close();
  rmSync(dist, { recursive: true, force: true });
});

/**
 * An event stream over a connection kept alive as browsers and proxies keep theirs: once the
 * stream ends, it stays open, idle, until the server closes it.
 */
function openStream(base: string, agent: Agent) {
  return new Promise<ReturnType<typeof sseReader>>((resolve, reject) => {
    get(`${base}${historyEventsPath}`, { agent }, (res) => {
      expect(res.statusCode).toBe(200);
      resolve(sseReader(Readable.toWeb(res) as ReadableStream<Uint8Array>));
    }).on('error', reject);
  });
}

async function until<T>(read: () => T | Promise<T>, done: (value: T) => boolean) {
  let value = await read();
  for (let i = 0; i < 200 && !done(value); i++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    value = await read();
  }
  return value;
}

it('on SIGTERM: streams told to reconnect, new connections refused, the slow request finished, exit 0', async () => {
  const run = startServerProcess('server/index.ts', {
    PORT: '0',
    HOST: '127.0.0.1',
    DIST_DIR: dist,
    API_BASE_URL: upstream.origin,
  });
  try {
    const listening = await run.waitFor(/listening on http:\/\/[^:]+:(\d+)/);
    expect(listening, run.output()).not.toBeNull();
    const base = `http://127.0.0.1:${listening![1]}`;

    const agent = new Agent({ keepAlive: true });
    const stream = await openStream(base, agent);
    expect((await stream.next()).event).toBe('ready');
    const scrape = async () => parseMetrics(await (await fetch(`${base}/metrics`)).text());
    const samples = await scrape();
    expect(sampleValue(samples, 'history_event_streams_open')).toBe(1);
    // One gateway on its own data directory: its poller always polls.
    expect(sampleValue(samples, 'poller_leading')).toBe(1);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);

    const slow = fetch(`${base}/api/v1/voice/list`);
    expect(
      await until(() => answerSlowCall, Boolean),
      'the slow call reached the service',
    ).not.toBe(null);

    run.child.kill('SIGTERM');
    expect(await stream.next()).toEqual({ retry: String(shutdownRetryMs), comments: [] });
    await expect(stream.next()).rejects.toThrow('the stream ended');
    // Listening stopped as shutdown began: a new connection is refused.
    await expect(rawRequest(Number(listening![1]), '/healthz')).rejects.toMatchObject({
      code: 'ECONNREFUSED',
    });

    answerSlowCall!();
    const answered = await slow;
    expect(answered.status).toBe(200);
    expect(await answered.json()).toEqual({ data: { voices: [], url: '/api/v1/voice/list' } });

    expect(await run.exited).toBe(0);
    expect(run.output()).toContain('shutting down');
    // Every connection ended, the kept-alive one too, before the grace period ran out.
    expect(run.output()).not.toContain('grace period');
    agent.destroy();
  } finally {
    if (run.child.exitCode === null) run.child.kill('SIGKILL');
  }
}, 30_000);
