import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { captureLogger, startGateway, type RunningGateway } from '../test-support/gateway-server';
import { createAudioStore } from './audio-store';
import { historyRoutes } from './history-routes';
import { createRecordingHealth } from './recording-health';
import { record, testStore } from './test-store';
import type { HistoryChange, HistoryStore } from './types';

interface SseMessage {
  event: string;
  id: string | null;
  data: string;
}

/** Reads an SSE response message by message; comments are counted, not returned. */
function sseReader(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let comments = 0;
  async function next(): Promise<SseMessage> {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const lines = block.split('\n');
        if (lines.every((line) => line.startsWith(':'))) {
          comments += 1;
          continue;
        }
        const field = (name: string) =>
          lines.filter((l) => l.startsWith(`${name}: `)).map((l) => l.slice(name.length + 2));
        return {
          event: field('event')[0] ?? 'message',
          id: field('id')[0] ?? null,
          data: field('data').join('\n'),
        };
      }
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      buffer += decoder.decode(value, { stream: true });
    }
  }
  return { next, comments: () => comments, cancel: () => reader.cancel() };
}

let t: ReturnType<typeof testStore>;
let server: RunningGateway;
let health: ReturnType<typeof createRecordingHealth>;
let listeners = { count: 0 };

/** Counts the store's subscribers, so a test can see a closed stream let go of its own. */
function counted(store: HistoryStore, counter: { count: number }): HistoryStore {
  return {
    ...store,
    subscribe(listener: (change: HistoryChange) => void) {
      counter.count += 1;
      const off = store.subscribe(listener);
      return () => {
        counter.count -= 1;
        off();
      };
    },
  };
}

beforeEach(async () => {
  t = testStore();
  health = createRecordingHealth();
  // A fresh counter per test: a stream of the last test may still be letting go.
  listeners = { count: 0 };
  const app = historyRoutes({
    store: counted(t.store, listeners),
    audio: createAudioStore(join(t.dir, 'audio')),
    health,
    logger: captureLogger(),
    heartbeatMs: 100,
  });
  server = await startGateway(app);
});
afterEach(async () => {
  await server.close();
  t.cleanup(t.store);
});

const open = (headers: Record<string, string> = {}, search = '') =>
  fetch(`http://127.0.0.1:${server.port}/api/history/events${search}`, { headers });

describe('GET /api/history/events', () => {
  it('streams each change as it is written, numbered, with heartbeats', async () => {
    const res = await open();
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const stream = sseReader(res);
    const ready = await stream.next();
    expect(ready).toMatchObject({ event: 'ready', id: '0' });
    t.store.insert(record({ id: 'live', name: 'live_voice' }));
    const change = await stream.next();
    expect(change.event).toBe('history');
    expect(change.id).toBe('1');
    expect(JSON.parse(change.data)).toMatchObject({
      type: 'upsert',
      entry: { id: 'live', name: 'live_voice' },
    });
    health.fail('disk full');
    expect(JSON.parse((await stream.next()).data)).toEqual({
      type: 'warning',
      message: 'disk full',
    });
    await new Promise((resolve) => setTimeout(resolve, 350));
    t.store.insert(record({ id: 'later' }));
    expect(JSON.parse((await stream.next()).data)).toMatchObject({ entry: { id: 'later' } });
    expect(stream.comments()).toBeGreaterThanOrEqual(2);
    await stream.cancel();
  });

  it('resumes after Last-Event-ID with only what came after, one change per entry', async () => {
    t.store.insert(record({ id: 'a' }));
    const seen = t.store.lastSeq();
    t.store.applyStatus('a', { status: 'running', progress: 10 }, '2026-01-01T00:00:02.000Z');
    t.store.applyStatus('a', { status: 'running', progress: 20 }, '2026-01-01T00:00:04.000Z');
    t.store.insert(record({ id: 'b' }));
    for (const stream of [
      sseReader(await open({ 'last-event-id': String(seen) })),
      sseReader(await open({}, `?last_event_id=${seen}`)),
    ]) {
      expect((await stream.next()).event).toBe('ready');
      const first = await stream.next();
      const second = await stream.next();
      expect([first.id, second.id]).toEqual(['3', '4']);
      expect(JSON.parse(first.data)).toMatchObject({
        type: 'upsert',
        entry: { id: 'a', readings: [{}, { progress: 10 }, { progress: 20 }] },
      });
      expect(JSON.parse(second.data)).toMatchObject({ type: 'upsert', entry: { id: 'b' } });
      await stream.cancel();
    }
  });

  it('says reset when it cannot resume (an id from another database)', async () => {
    t.store.insert(record({ id: 'a' }));
    const stream = sseReader(await open({ 'last-event-id': '999' }));
    const reset = await stream.next();
    expect(reset.event).toBe('history');
    expect(JSON.parse(reset.data)).toEqual({ type: 'reset' });
    expect(reset.id).toBe('1');
    await stream.cancel();
  });

  it('lets go of the store when the client goes away', async () => {
    const stream = sseReader(await open());
    await stream.next();
    expect(listeners.count).toBe(1);
    await stream.cancel();
    for (let i = 0; i < 50 && listeners.count > 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(listeners.count).toBe(0);
  });
});

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document of every gateway endpoint', async () => {
    const doc = (await (
      await fetch(`http://127.0.0.1:${server.port}/api/openapi.json`)
    ).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/gateway/status',
      '/api/history',
      '/api/history/events',
      '/api/history/import',
      '/api/history/{id}',
      '/api/history/{id}/audio',
    ]);
    expect(Object.keys(doc.paths['/api/history/{id}']!).sort()).toEqual(['delete', 'get']);
  });
});
