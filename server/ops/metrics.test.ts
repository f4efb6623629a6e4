import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { Agent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { historyEventsPath } from '../../src/api/contract/history-paths';
import { createApp } from '../app';
import { createGatewayHistory, type GatewayHistory } from '../history/gateway-history';
import { openHistoryDatabase } from '../history/history-db';
import { startUpstream } from '../test-support/fake-upstream';
import { captureLogger, startGateway, testEnv } from '../test-support/gateway-server';
import { parseMetrics, sampleValue } from '../test-support/prometheus-text';
import { createGatewayMetrics, type PollerReading } from './metrics';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function scrape(app: Hono) {
  const res = await app.request('http://localhost/metrics');
  expect(res.status).toBe(200);
  return parseMetrics(await res.text());
}

async function gatewayInFrontOfService() {
  const upstream = await startUpstream();
  cleanups.push(() => upstream.close());
  const dispatcher = new Agent();
  cleanups.push(() => dispatcher.close());
  const metrics = createGatewayMetrics();
  const app = createApp({
    env: testEnv({ API_BASE_URL: upstream.origin }),
    logger: captureLogger(),
    dispatcher,
    metrics,
  });
  return { app, metrics, upstream };
}

describe('GET /metrics', () => {
  it('is the Prometheus text format, never cached, with the process metrics', async () => {
    const { app } = await gatewayInFrontOfService();
    const res = await app.request('http://localhost/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    expect(text).toContain('# TYPE http_requests_total counter');
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).toContain('# TYPE upstream_request_duration_seconds histogram');
    const samples = parseMetrics(text);
    expect(sampleValue(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sampleValue(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
  });

  it('counts requests by method, route and status, ids folded into their route', async () => {
    const { app, upstream } = await gatewayInFrontOfService();
    await app.request('http://localhost/api/gateway/status');
    await app.request('http://localhost/api/gateway/status');
    await app.request('http://localhost/api/v1/training/status/task-7f3a9c');
    await app.request('http://localhost/api/v1/training/status/task-0b41de');
    await app.request('http://localhost/api/v1/voice/list?scope=custom');
    await app.request('http://localhost/api/history/entry-5521');
    await app.request('http://localhost/voices');
    await app.request('http://localhost/api/gateway/status', { method: 'DELETE' });
    expect(upstream.requests).toHaveLength(3);

    const res = await app.request('http://localhost/metrics');
    const text = await res.text();
    for (const id of ['task-7f3a9c', 'task-0b41de', 'entry-5521', 'custom', '/voices'])
      expect(text).not.toContain(id);
    const samples = parseMetrics(text);
    const count = (method: string, route: string, status: string) =>
      sampleValue(samples, 'http_requests_total', { method, route, status });
    expect(count('GET', '/api/gateway/status', '200')).toBe(2);
    expect(count('GET', '/api/v1/training/status/{task_id}', '200')).toBe(2);
    expect(count('GET', '/api/v1/voice/list', '200')).toBe(1);
    expect(count('GET', '/api/history/*', '404')).toBe(1);
    expect(count('GET', 'other', '404')).toBe(1);
    expect(count('DELETE', '/api/gateway/status', '404')).toBe(1);
    expect(
      sampleValue(samples, 'http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/gateway/status',
        status: '200',
      }),
    ).toBe(2);

    // Calls to the service, timed by the endpoint called.
    const upstreamCount = (route: string) =>
      sampleValue(samples, 'upstream_request_duration_seconds_count', { route });
    expect(upstreamCount('/api/v1/training/status/{task_id}')).toBe(2);
    expect(upstreamCount('/api/v1/voice/list')).toBe(1);

    // The scrape itself is counted, from the next one on.
    const next = await scrape(app);
    expect(
      sampleValue(next, 'http_requests_total', { method: 'GET', route: '/metrics', status: '200' }),
    ).toBe(1);
  });

  it('keeps the counts of each app apart', async () => {
    const one = await gatewayInFrontOfService();
    const other = await gatewayInFrontOfService();
    await one.app.request('http://localhost/api/gateway/status');
    const labels = { method: 'GET', route: '/api/gateway/status', status: '200' };
    expect(sampleValue(await scrape(one.app), 'http_requests_total', labels)).toBe(1);
    expect(sampleValue(await scrape(other.app), 'http_requests_total', labels)).toBeUndefined();
  });

  it('reads the poller at each scrape: calls and back-offs count on, in flight and lead as they are', async () => {
    const { app, metrics } = await gatewayInFrontOfService();
    let samples = await scrape(app);
    expect(sampleValue(samples, 'poller_status_calls_total')).toBe(0);
    expect(sampleValue(samples, 'poller_leading')).toBe(0);

    const reading: PollerReading = { calls: 3, inFlight: 2, backoffs: 1 };
    metrics.readPoller(() => reading);
    samples = await scrape(app);
    expect(sampleValue(samples, 'poller_status_calls_total')).toBe(3);
    expect(sampleValue(samples, 'poller_calls_in_flight')).toBe(2);
    expect(sampleValue(samples, 'poller_backoffs_total')).toBe(1);
    // A poller that says nothing of a lead polls unconditionally (one gateway on SQLite).
    expect(sampleValue(samples, 'poller_leading')).toBe(1);

    Object.assign(reading, { calls: 7, inFlight: 0, backoffs: 4, leading: false });
    samples = await scrape(app);
    expect(sampleValue(samples, 'poller_status_calls_total')).toBe(7);
    expect(sampleValue(samples, 'poller_calls_in_flight')).toBe(0);
    expect(sampleValue(samples, 'poller_backoffs_total')).toBe(4);
    expect(sampleValue(samples, 'poller_leading')).toBe(0);

    // A new poller (the lead taken again) counts from zero: the totals never go back.
    Object.assign(reading, { calls: 2, backoffs: 0, leading: true });
    samples = await scrape(app);
    expect(sampleValue(samples, 'poller_status_calls_total')).toBe(9);
    expect(sampleValue(samples, 'poller_backoffs_total')).toBe(4);
    expect(sampleValue(samples, 'poller_leading')).toBe(1);
  });
});

describe('history_event_streams_open', () => {
  async function gatewayWithHistory() {
    const dir = mkdtempSync(join(tmpdir(), 'media-studio-ops-streams-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    let history: GatewayHistory | null = null;
    const historyDb = await openHistoryDatabase({ engine: 'sqlite', dataDir: dir });
    const app = createApp({
      env: testEnv({ DATA_DIR: dir }),
      logger: captureLogger(),
      history: (_target, logger) => {
        history = createGatewayHistory({
          db: historyDb,
          storage: { engine: 'sqlite', dataDir: dir },
          retention: { days: 90, maxRows: 1_000 },
          logger,
          read: () => new Promise(() => {}),
        });
        return history;
      },
    });
    cleanups.push(() => history?.close());
    const gateway = await startGateway(app);
    cleanups.push(() => gateway.close());
    return { app, port: gateway.port };
  }

  /** The gauge once it reads `expected`: a stream's end reaches it as the socket closes. */
  async function streamsOpen(app: Hono, expected: number) {
    let value: number | undefined;
    for (let i = 0; i < 100; i++) {
      value = sampleValue(await scrape(app), 'history_event_streams_open');
      if (value === expected) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return value;
  }

  it('follows the streams as browsers open and leave them', async () => {
    const { app, port } = await gatewayWithHistory();
    expect(await streamsOpen(app, 0)).toBe(0);
    const tabs = [new AbortController(), new AbortController()];
    cleanups.push(() => tabs.forEach((tab) => tab.abort()));
    for (const tab of tabs) {
      const res = await fetch(`http://127.0.0.1:${port}${historyEventsPath}`, {
        signal: tab.signal,
      });
      expect(res.status).toBe(200);
    }
    expect(await streamsOpen(app, 2)).toBe(2);
    tabs[0]!.abort();
    expect(await streamsOpen(app, 1)).toBe(1);
    tabs[1]!.abort();
    expect(await streamsOpen(app, 0)).toBe(0);
  });
});
