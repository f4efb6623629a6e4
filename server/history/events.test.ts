import { afterEach, describe, expect, it } from 'vitest';
import { historyEventSchema, historyEventsPath } from '../../src/api/contract/history';
import { startGateway, type RunningGateway } from '../test-support/gateway-server';
import { within } from '../db/within';
import { createHistoryStore } from './history-store';
import { newRecord, routesHarness, type RoutesHarness } from './routes-harness';
import { engines, type Engine } from './test-store';
import { sseReader, type SseBlock } from './sse-client';

let h: RoutesHarness;
let gateway: RunningGateway;
const streams: AbortController[] = [];

/** The routes on a real socket: streaming through @hono/node-server is part of what is tested. */
async function start(options: { heartbeatMs?: number; engine?: Engine } = {}) {
  h = await routesHarness(options);
  gateway = await startGateway(h.app);
}

afterEach(async () => {
  streams.forEach((controller) => controller.abort());
  streams.length = 0;
  await gateway.close();
  await h.cleanup();
});

async function connect(options: { lastEventId?: string; search?: string } = {}) {
  const controller = new AbortController();
  streams.push(controller);
  const res = await fetch(
    `http://127.0.0.1:${gateway.port}${historyEventsPath}${options.search ?? ''}`,
    {
      signal: controller.signal,
      headers: options.lastEventId ? { 'Last-Event-ID': options.lastEventId } : {},
    },
  );
  expect(res.status).toBe(200);
  return { res, sse: sseReader(res.body!), abort: () => controller.abort() };
}

const event = (block: SseBlock) => historyEventSchema.parse(JSON.parse(block.data ?? 'null'));
/** `id:type:entry` per history event, to compare a replay at a glance. */
const summary = (block: SseBlock) => {
  const e = event(block);
  const subject = e.type === 'upsert' ? e.entry.id : e.type === 'delete' ? e.id : '';
  return `${block.id}:${e.type}:${subject}`;
};

async function waitFor(check: () => boolean, timeoutMs = 3_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(engines)('GET /api/history/events on %s', (engine) => {
  it('starts from now with a ready event, then sends each change as it is written', async () => {
    await start({ engine });
    await h.store.insert(newRecord({ id: 'before' }));
    const { res, sse } = await connect();
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    expect(res.headers.get('cache-control')).toMatch(/no-(store|cache)/);
    expect(res.headers.get('content-encoding')).toBeNull();

    const ready = await sse.next();
    expect(ready).toMatchObject({
      event: 'ready',
      id: String(await h.store.lastSeq()),
      retry: '2000',
    });

    await h.store.insert(newRecord({ id: 'after' }));
    const upsert = await sse.next();
    expect(upsert.event).toBe('history');
    expect(upsert.id).toBe(String(await h.store.lastSeq()));
    expect(event(upsert)).toMatchObject({ type: 'upsert', entry: { id: 'after' } });

    await h.store.delete('before');
    expect(summary(await sse.next())).toBe(`${await h.store.lastSeq()}:delete:before`);
  });

  it('resumes after Last-Event-ID with one change per entry, then carries on live', async () => {
    await start({ engine });
    await h.store.insert(newRecord({ id: 'a' }));
    await h.store.insert(newRecord({ id: 'b' }));
    const mark = await h.store.lastSeq();
    await h.store.applyStatus('a', { status: 'running', progress: 10 }, '2026-01-01T01:00:00Z');
    await h.store.insert(newRecord({ id: 'c' }));
    await h.store.applyStatus('a', { status: 'running', progress: 40 }, '2026-01-01T01:01:00Z');
    await h.store.delete('b');

    const { sse } = await connect({ lastEventId: String(mark) });
    expect(await sse.next()).toMatchObject({ event: 'ready', id: String(mark) });
    const replay = [await sse.next(), await sse.next(), await sse.next()];
    expect(replay.map(summary)).toEqual([
      `${mark + 2}:upsert:c`,
      `${mark + 3}:upsert:a`,
      `${mark + 4}:delete:b`,
    ]);
    // The latest state, not the one at the time of the change.
    expect(event(replay[1]!)).toMatchObject({
      entry: { status: 'running', readings: [{}, {}, {}] },
    });

    await h.store.insert(newRecord({ id: 'd' }));
    expect(summary(await sse.next())).toBe(`${mark + 5}:upsert:d`);
  });

  it.each(['before', 'after'] as const)(
    'loses nothing written just %s the backlog is read, and sends it once',
    async (when) => {
      await start({ engine });
      await h.store.insert(newRecord({ id: 'a' }));
      const mark = await h.store.lastSeq();
      await h.store.insert(newRecord({ id: 'b' }));
      // Written after the stream subscribed: before the read it is in both the backlog and the
      // live changes (sent once); after, only the subscription has it (still sent).
      h.aroundBacklog(when, () => h.store.insert(newRecord({ id: 'racing' })));
      const { sse } = await connect({ lastEventId: String(mark) });
      const blocks = [await sse.next(), await sse.next(), await sse.next()];
      expect(blocks.slice(1).map(summary)).toEqual([
        `${mark + 1}:upsert:b`,
        `${mark + 2}:upsert:racing`,
      ]);
      await h.store.insert(newRecord({ id: 'next' }));
      expect(summary(await sse.next())).toBe(`${mark + 3}:upsert:next`);
    },
  );

  it('takes ?last_event_id= from clients that cannot set headers', async () => {
    await start({ engine });
    await h.store.insert(newRecord({ id: 'a' }));
    const mark = await h.store.lastSeq();
    await h.store.insert(newRecord({ id: 'b' }));
    const { sse } = await connect({ search: `?last_event_id=${mark}` });
    expect((await sse.next()).event).toBe('ready');
    expect(summary(await sse.next())).toBe(`${mark + 1}:upsert:b`);
  });

  it('sends reset when the id is ahead of the log or older than it reaches', async () => {
    await start({ engine });
    await h.store.insert(newRecord());
    const ahead = await connect({ lastEventId: '999999' });
    const reset = await ahead.sse.next();
    expect(reset).toMatchObject({
      event: 'history',
      id: String(await h.store.lastSeq()),
      retry: '2000',
    });
    expect(event(reset)).toEqual({ type: 'reset' });

    // Past the kept changes: the log is trimmed and id 1 is gone. One transaction keeps this
    // fast: a store on it writes inside it. The store keeps a shorter log than the gateway's
    // (keptChanges), trimmed the same way: ten thousand writes took 13 s even in one commit.
    const kept = 100;
    const db = await h.openDb();
    await db.transaction(async (tx) => {
      const inOne = createHistoryStore(within(tx), { keptChanges: kept });
      for (let i = 0; i < kept + 600; i++) await inOne.insert(newRecord({ kind: 'image' }));
    });
    await db.close();
    const old = await connect({ lastEventId: '1' });
    const again = await old.sse.next();
    expect(event(again)).toEqual({ type: 'reset' });
    expect(again.id).toBe(String(await h.store.lastSeq()));
  });

  it('sends a heartbeat comment when idle', async () => {
    await start({ heartbeatMs: 50, engine });
    const { sse } = await connect();
    const ping = await sse.until((block) => block.comments.length > 0, 2_000);
    expect(ping.comments).toEqual(['ping']);
    expect(ping.data).toBeUndefined();
  });

  it('forwards a recording failure as a warning event without an id', async () => {
    await start({ engine });
    const { sse } = await connect();
    await sse.next();
    h.health.fail('The history could not be written: disk full');
    const warning = await sse.next();
    expect(warning.id).toBeUndefined();
    expect(event(warning)).toEqual({
      type: 'warning',
      message: 'The history could not be written: disk full',
    });
  });

  it('leaves no subscriber or timer behind once the client goes away', async () => {
    await start({ heartbeatMs: 20, engine });
    const first = await connect();
    const second = await connect();
    await first.sse.next();
    await second.sse.next();
    expect(h.storeListeners()).toBe(2);
    expect(h.healthListeners()).toBe(2);

    first.abort();
    await waitFor(() => h.storeListeners() === 1 && h.healthListeners() === 1);
    // The other stream is untouched and still gets changes.
    await h.store.insert(newRecord({ id: 'still-there' }));
    const next = await second.sse.until((block) => block.event === 'history');
    expect(summary(next)).toBe(`${await h.store.lastSeq()}:upsert:still-there`);

    second.abort();
    await waitFor(() => h.storeListeners() === 0 && h.healthListeners() === 0);
  });
});
