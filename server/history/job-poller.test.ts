import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HistoryKind } from '../../src/api/contract/history';
import { captureLogger } from '../test-support/gateway-server';
import { createPoller, type StatusReader } from './job-poller';
import { record, testStore, type TestStore } from './test-store';
import type { HistoryStore } from './types';

type Answer = Awaited<ReturnType<StatusReader>>;
const ok = (data: Record<string, unknown>): Answer => ({
  status: 200,
  body: { data },
  retryAfterMs: null,
});

let t: TestStore;
let calls: Array<{ id: string; kind: HistoryKind; at: number }>;

beforeEach(async () => {
  vi.useFakeTimers({ now: new Date('2026-03-01T00:00:00.000Z') });
  t = await testStore();
  calls = [];
});
afterEach(async () => {
  vi.useRealTimers();
  await t.cleanup(t.store);
});

/** A scripted upstream: `answer` says what each call gets, after `delayMs` of (fake) time. */
function reader(answer: (id: string, n: number) => Answer | Error, delayMs = 0): StatusReader {
  const counts = new Map<string, number>();
  return async (kind, id, signal) => {
    calls.push({ id, kind, at: Date.now() });
    const n = (counts.get(id) ?? 0) + 1;
    counts.set(id, n);
    if (delayMs > 0) {
      // As a real request does, an aborted call ends at once.
      await new Promise((resolve, reject) => {
        const timer = setTimeout(resolve, delayMs);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new Error('aborted'));
        });
      });
    }
    const out = answer(id, n);
    if (out instanceof Error) throw out;
    return out;
  };
}

function poller(store: HistoryStore, read: StatusReader) {
  return createPoller({ store, read, logger: captureLogger() });
}

const callsOf = (id: string) => calls.filter((call) => call.id === id);
const gaps = (id: string) =>
  callsOf(id)
    .slice(1)
    .map((call, i) => call.at - callsOf(id)[i]!.at);

describe('the gateway poller', () => {
  it('polls running jobs every 2 s and queued ones every 5 s: one call per job per interval', async () => {
    for (let i = 0; i < 10; i++) await t.store.insert(record({ id: `run_${i}` }));
    await t.store.insert(record({ id: 'wait' }));
    const p = poller(
      t.store,
      reader((id, n) =>
        id === 'wait'
          ? ok({ status: 'queued', progress: 0 })
          : ok({ status: 'running', progress: n }),
      ),
    );
    await p.start();
    await vi.advanceTimersByTimeAsync(20_000);
    for (let i = 0; i < 10; i++) {
      const count = callsOf(`run_${i}`).length;
      expect(count).toBeGreaterThanOrEqual(9);
      expect(count).toBeLessThanOrEqual(11);
      expect(Math.min(...gaps(`run_${i}`))).toBeGreaterThanOrEqual(2_000);
    }
    expect(callsOf('wait').length).toBeLessThanOrEqual(5);
    expect(Math.min(...gaps('wait'))).toBeGreaterThanOrEqual(5_000);
    await p.stop();
  });

  it('never has more than 4 calls in flight, and asks a job again only after its answer', async () => {
    for (let i = 0; i < 10; i++) await t.store.insert(record({ id: `slow_${i}` }));
    const p = poller(
      t.store,
      reader((_, n) => ok({ status: 'running', progress: n }), 1_500),
    );
    await p.start();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(p.stats().maxInFlight).toBe(4);
    // 10 jobs, 4 at a time, 1.5 s each: the cap, not the interval, sets the pace.
    expect(calls.length).toBeGreaterThan(60);
    for (let i = 0; i < 10; i++)
      expect(Math.min(...gaps(`slow_${i}`))).toBeGreaterThanOrEqual(1_500);
    await p.stop();
  });

  it('backs off 2, 4, 8, 16 s on 5xx and on network failures, and recovers', async () => {
    await t.store.insert(record({ id: 'down' }));
    await t.store.insert(record({ id: 'offline' }));
    const p = poller(
      t.store,
      reader((id, n) => {
        if (n > 4) return ok({ status: 'running', progress: n });
        return id === 'down'
          ? { status: 503, body: null, retryAfterMs: null }
          : new Error('ECONNREFUSED');
      }),
    );
    await p.start();
    await vi.advanceTimersByTimeAsync(40_000);
    expect(gaps('down').slice(0, 5)).toEqual([2_000, 4_000, 8_000, 16_000, 2_000]);
    expect(gaps('offline').slice(0, 5)).toEqual([2_000, 4_000, 8_000, 16_000, 2_000]);
    await p.stop();
  });

  it('waits as long as a 429 asks (Retry-After), and at least 2 s', async () => {
    await t.store.insert(record({ id: 'busy' }));
    const p = poller(
      t.store,
      reader((_, n) =>
        n === 1
          ? { status: 429, body: null, retryAfterMs: 7_000 }
          : n === 2
            ? { status: 429, body: null, retryAfterMs: 0 }
            : ok({ status: 'running', progress: n }),
      ),
    );
    await p.start();
    await vi.advanceTimersByTimeAsync(15_000);
    expect(gaps('busy').slice(0, 2)).toEqual([7_000, 2_000]);
    await p.stop();
  });

  it('stops for good at a terminal status, and marks a 404 unknown', async () => {
    await t.store.insert(record({ id: 'ends' }));
    await t.store.insert(record({ id: 'lost' }));
    const p = poller(
      t.store,
      reader((id, n) =>
        id === 'lost'
          ? {
              status: 404,
              body: { error: { code: 'not_found', message: 'x' } },
              retryAfterMs: null,
            }
          : n < 3
            ? ok({ status: 'running', progress: n * 40 })
            : ok({ status: 'completed', progress: 100, total_cost: 2, asset_url: 'https://cdn/a' }),
      ),
    );
    await p.start();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(callsOf('ends')).toHaveLength(3);
    expect(callsOf('lost')).toHaveLength(1);
    expect(await t.store.get('ends')).toMatchObject({ status: 'completed', cost: 2 });
    expect((await t.store.get('lost'))?.status).toBe('unknown');
    expect(p.stats().scheduled).toBe(0);
    await p.stop();
  });

  it('flags a running job stalled after 10 quiet polls and a minute, once', async () => {
    await t.store.insert(record({ id: 'stuck' }));
    const p = poller(
      t.store,
      reader(() => ok({ status: 'running', progress: 42, current_step: 7 })),
    );
    await p.start();
    await vi.advanceTimersByTimeAsync(50_000);
    expect((await t.store.get('stuck'))?.stalled).toBe(false);
    await vi.advanceTimersByTimeAsync(15_000);
    expect((await t.store.get('stuck'))?.stalled).toBe(true);
    await p.stop();
  });

  it('follows a newly recorded job once, however often it is watched', async () => {
    const p = poller(
      t.store,
      reader((_, n) => ok({ status: 'running', progress: n })),
    );
    await p.start();
    await t.store.insert(record({ id: 'new' }));
    await p.watch('new');
    await p.watch('new');
    await p.watch('missing');
    await vi.advanceTimersByTimeAsync(10_900);
    expect(callsOf('new').map((call) => call.at - callsOf('new')[0]!.at)).toEqual([
      0, 2_000, 4_000, 6_000, 8_000,
    ]);
    expect(callsOf('missing')).toEqual([]);
    await p.stop();
  });

  it('after a restart resumes every unsettled job from the store, and no settled one', async () => {
    await t.store.insert(record({ id: 'left_running', status: 'running' }));
    await t.store.insert(record({ id: 'left_speech', kind: 'speech_async', status: 'processing' }));
    await t.store.insert(record({ id: 'finished', status: 'completed' }));
    await t.store.close();
    // What a kill -9 leaves: the database on disk, no poller.
    t.store = await t.reopen();
    const p = poller(
      t.store,
      reader((_, n) => ok({ status: 'running', progress: n })),
    );
    await p.start();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(new Set(calls.map((call) => `${call.kind}:${call.id}`))).toEqual(
      new Set(['voice:left_running', 'speech_async:left_speech']),
    );
    await p.stop();
  });

  it('stops cleanly: no timer left, no call after stop', async () => {
    for (let i = 0; i < 3; i++) await t.store.insert(record({ id: `s_${i}` }));
    const p = poller(
      t.store,
      reader((_, n) => ok({ status: 'running', progress: n }), 500),
    );
    await p.start();
    await vi.advanceTimersByTimeAsync(3_000);
    const stopping = p.stop();
    await vi.advanceTimersByTimeAsync(1_000);
    await stopping;
    const before = calls.length;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls.length).toBe(before);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('the poller of a replica that does not lead', () => {
  it('follows nothing while paused, takes every pending job on start, and lets them go on pause', async () => {
    await t.store.insert(record({ id: 'a' }));
    await t.store.insert(record({ id: 'b' }));
    const p = createPoller({
      store: t.store,
      read: reader(() => ok({ status: 'running', progress: 1 }), 500),
      logger: captureLogger(),
      paused: true,
    });
    // Told of a job while another replica leads: it is that replica's to poll.
    await p.watch('a');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(0);
    expect(p.stats().leading).toBe(false);

    await p.start();
    expect(p.stats().leading).toBe(true);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(callsOf('a').length).toBeGreaterThan(0);
    expect(callsOf('b').length).toBeGreaterThan(0);

    // The lead is lost mid-call: the call is abandoned and nothing more is asked.
    await vi.advanceTimersByTimeAsync(1_600);
    const readingsBefore = (await t.store.get('a'))!.reading_count;
    await p.pause();
    const made = calls.length;
    await vi.advanceTimersByTimeAsync(20_000);
    expect(calls).toHaveLength(made);
    expect((await t.store.get('a'))!.reading_count).toBe(readingsBefore);
    expect(p.stats()).toMatchObject({ leading: false, scheduled: 0, inFlight: 0 });
  });

  it('passes its lead term with every write', async () => {
    await t.store.insert(record({ id: 'fenced' }));
    const terms: unknown[] = [];
    const store: HistoryStore = {
      ...t.store,
      applyStatus: (id, data, at, fence) => {
        terms.push(fence);
        return t.store.applyStatus(id, data, at, fence);
      },
    };
    const p = createPoller({
      store,
      read: reader(() => ok({ status: 'running', progress: 1 })),
      logger: captureLogger(),
      term: () => 7,
    });
    await p.start();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(terms.length).toBeGreaterThan(0);
    expect(terms.every((fence) => JSON.stringify(fence) === '{"term":7}')).toBe(true);
    await p.stop();
  });
});
