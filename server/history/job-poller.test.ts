import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HistoryKind } from '../../src/api/contract/history';
import { captureLogger } from '../test-support/gateway-server';
import { createPoller, type PollerOptions, type StatusReader } from './job-poller';
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
let log: ReturnType<typeof captureLogger>;

beforeEach(async () => {
  vi.useFakeTimers({ now: new Date('2026-03-01T00:00:00.000Z') });
  t = await testStore();
  calls = [];
  log = captureLogger();
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

function poller(
  store: HistoryStore,
  read: StatusReader,
  more: Omit<PollerOptions, 'store' | 'read' | 'logger'> = {},
) {
  return createPoller({ store, read, logger: log, ...more });
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
    expect(p.stats().backoffs).toBe(8);
    // An upstream outage is expected weather: retried, not logged as the gateway's own failure.
    expect(log.lines).toEqual([]);
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
    expect(p.stats().scheduled).toBe(0);
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
    // The abandoned call is no failure of the upstream: nothing is backed off.
    expect(p.stats()).toMatchObject({ leading: false, scheduled: 0, inFlight: 0, backoffs: 0 });
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

describe('the first polls', () => {
  it('spreads the jobs it resumes over the first running interval, after the least gap', async () => {
    for (let i = 0; i < 4; i++) await t.store.insert(record({ id: `resumed_${i}` }));
    const startedAt = Date.now();
    const p = poller(
      t.store,
      reader((_, n) => ok({ status: 'running', progress: n })),
    );
    await p.start();
    await vi.advanceTimersByTimeAsync(1_900);
    expect(calls.map((call) => call.at - startedAt).sort((a, b) => a - b)).toEqual([
      250, 750, 1_250, 1_750,
    ]);
    await p.stop();
  });

  it('follows what it is told to watch without start() when not created paused, as on SQLite', async () => {
    await t.store.insert(record({ id: 'single' }));
    const p = poller(
      t.store,
      reader((_, n) => ok({ status: 'running', progress: n })),
    );
    expect(p.stats().leading).toBe(true);
    await p.watch('single');
    await vi.advanceTimersByTimeAsync(1_500);
    expect(callsOf('single')).toHaveLength(1);
    await p.stop();
  });

  it('follows only unsettled jobs it is told of, and looks a followed job up only once', async () => {
    await t.store.insert(record({ id: 'done', status: 'completed' }));
    await t.store.insert(record({ id: 'new' }));
    let lookups = 0;
    const store: HistoryStore = {
      ...t.store,
      pending: () => {
        lookups += 1;
        return t.store.pending();
      },
    };
    const p = poller(
      store,
      reader((_, n) => ok({ status: 'running', progress: n })),
    );
    await p.watch('done');
    await p.watch('gone');
    await p.watch('new');
    expect(lookups).toBe(3);
    // Every write to a followed job tells the poller again: the store is not read for it.
    await p.watch('new');
    await p.watch('new');
    expect(lookups).toBe(3);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(calls.map((call) => call.id)).toEqual(['new']);
    expect(log.lines).toEqual([]);
    await p.stop();
  });

  it('logs, and does not throw, when a job it is told of cannot be looked up', async () => {
    await t.store.insert(record({ id: 'new' }));
    const store: HistoryStore = {
      ...t.store,
      pending: () => Promise.reject(new Error('connection reset')),
    };
    const p = poller(
      store,
      reader((_, n) => ok({ status: 'running', progress: n })),
    );
    await p.watch('new');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls).toEqual([]);
    expect(log.lines).toEqual([
      'error history: could not follow a job {"id":"new","error":"connection reset"}',
    ]);
    await p.stop();
  });
});

describe('what the poller makes of an answer', () => {
  it('retries a 503 when its Retry-After says, even before the back-off would', async () => {
    await t.store.insert(record({ id: 'maintenance' }));
    const p = poller(
      t.store,
      reader((_, n) =>
        n === 1
          ? { status: 503, body: null, retryAfterMs: 1_000 }
          : n === 2
            ? { status: 503, body: null, retryAfterMs: null }
            : ok({ status: 'running', progress: n }),
      ),
    );
    await p.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(gaps('maintenance').slice(0, 3)).toEqual([1_000, 4_000, 2_000]);
    await p.stop();
  });

  it('warns once per job of a refused status read (4xx), and not of a 429 or a 5xx', async () => {
    const answers: Record<string, number> = {
      bad_request: 400,
      forbidden: 403,
      last_4xx: 499,
      busy: 429,
      crashed: 500,
      down: 503,
    };
    for (const id of Object.keys(answers)) await t.store.insert(record({ id }));
    const p = poller(
      t.store,
      reader((id) => ({
        status: answers[id]!,
        body: { error: { code: 'refused', message: 'no' } },
        retryAfterMs: null,
      })),
    );
    await p.start();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(callsOf('forbidden').length).toBeGreaterThan(2);
    expect([...log.lines].sort()).toEqual([
      'warn history: status read refused {"id":"bad_request","status":400}',
      'warn history: status read refused {"id":"forbidden","status":403}',
      'warn history: status read refused {"id":"last_4xx","status":499}',
    ]);
    await p.stop();
  });

  it('backs off, without a word, from a 200 that carries no status object', async () => {
    await t.store.insert(record({ id: 'empty' }));
    await t.store.insert(record({ id: 'garbled' }));
    const p = poller(
      t.store,
      reader((id, n) =>
        n > 3
          ? ok({ status: 'running', progress: n })
          : { status: 200, body: { data: id === 'empty' ? null : 'busy' }, retryAfterMs: null },
      ),
    );
    await p.start();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(gaps('empty').slice(0, 4)).toEqual([2_000, 4_000, 8_000, 2_000]);
    expect(gaps('garbled').slice(0, 4)).toEqual([2_000, 4_000, 8_000, 2_000]);
    expect(log.lines).toEqual([]);
    await p.stop();
  });

  it('takes a status only from a 200 answer, whatever an error answer carries', async () => {
    await t.store.insert(record({ id: 'proxied' }));
    const p = poller(
      t.store,
      reader((_, n) =>
        n === 1
          ? { status: 502, body: { data: { status: 'failed', progress: 0 } }, retryAfterMs: null }
          : ok({ status: 'running', progress: 50 }),
      ),
    );
    await p.start();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(callsOf('proxied')).toHaveLength(2);
    expect((await t.store.get('proxied'))?.status).toBe('running');
    await p.stop();
  });

  it('logs a failed write to the history and asks again after a back-off', async () => {
    await t.store.insert(record({ id: 'unlucky' }));
    let writes = 0;
    const store: HistoryStore = {
      ...t.store,
      applyStatus: (...args) => {
        writes += 1;
        return writes === 1 ? Promise.reject(new Error('disk full')) : t.store.applyStatus(...args);
      },
    };
    const p = poller(
      store,
      reader((_, n) => ok({ status: 'queued', progress: n })),
    );
    await p.start();
    await vi.advanceTimersByTimeAsync(8_000);
    // 2 s of back-off after the failed write, then the queued interval.
    expect(gaps('unlucky')).toEqual([2_000, 5_000]);
    expect(log.lines).toEqual(['error history: poll failed {"id":"unlucky","error":"disk full"}']);
    expect((await t.store.get('unlucky'))?.reading_count).toBe(3);
    await p.stop();
  });

  it('lets a job go when it is removed from the history while followed', async () => {
    await t.store.insert(record({ id: 'removed' }));
    const p = poller(
      t.store,
      reader((_, n) => ok({ status: 'running', progress: n })),
    );
    await p.start();
    await vi.advanceTimersByTimeAsync(1_000);
    await t.store.delete('removed');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(callsOf('removed')).toHaveLength(2);
    expect(p.stats().scheduled).toBe(0);
    expect(log.lines).toEqual([]);
    await p.stop();
  });
});

describe('stall detection', () => {
  const stalled = async (id: string) => (await t.store.get(id))?.stalled;

  it('flags a running job stalled a minute after its progress last moved', async () => {
    await t.store.insert(record({ id: 'slowing' }));
    // Progress moves at each of the first 20 polls, the last at 38.25 s, then stands still.
    const p = poller(
      t.store,
      reader((_, n) => ok({ status: 'running', progress: Math.min(n, 20) })),
    );
    await p.start();
    await vi.advanceTimersByTimeAsync(98_000);
    expect(await stalled('slowing')).toBe(false);
    // The poll at 98.25 s is the first a full minute after the last move.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await stalled('slowing')).toBe(true);
    await p.stop();
  });

  it('when polls are far apart, waits for ten quiet polls, not only a minute', async () => {
    await t.store.insert(record({ id: 'sparse' }));
    // Progress moves at each of the first 3 polls, 30 s apart, the last at 60.25 s.
    const p = poller(
      t.store,
      reader((_, n) => ok({ status: 'running', progress: Math.min(n, 3) * 10 })),
      { rules: { runningMs: 30_000 } },
    );
    await p.start();
    await vi.advanceTimersByTimeAsync(350_000);
    expect(await stalled('sparse')).toBe(false);
    // The tenth quiet poll, at 360.25 s.
    await vi.advanceTimersByTimeAsync(20_000);
    expect(await stalled('sparse')).toBe(true);
    await p.stop();
  });

  it('never flags a job stalled while it waits in the queue', async () => {
    await t.store.insert(record({ id: 'waiting' }));
    const p = poller(
      t.store,
      reader(() => ok({ status: 'queued', progress: 0 })),
    );
    await p.start();
    await vi.advanceTimersByTimeAsync(180_000);
    expect(callsOf('waiting').length).toBeGreaterThan(30);
    expect(await stalled('waiting')).toBe(false);
    await p.stop();
  });
});

describe('pausing and stopping', () => {
  it('stops at once a job waiting for its next poll: no timer is left', async () => {
    await t.store.insert(record({ id: 'idle' }));
    const p = poller(
      t.store,
      reader((_, n) => ok({ status: 'running', progress: n })),
    );
    await p.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(callsOf('idle')).toHaveLength(1);
    await p.stop();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('once stopped, stays stopped, even when started or told of a job again', async () => {
    await t.store.insert(record({ id: 'late' }));
    const p = poller(
      t.store,
      reader((_, n) => ok({ status: 'running', progress: n })),
    );
    await p.stop();
    await p.start();
    await p.watch('late');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls).toEqual([]);
    expect(p.stats()).toMatchObject({ leading: false, scheduled: 0 });
  });

  it('has paused only once an answer being written is written, and leaves no timer', async () => {
    await t.store.insert(record({ id: 'writing' }));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const store: HistoryStore = {
      ...t.store,
      applyStatus: async (...args) => {
        await held;
        return t.store.applyStatus(...args);
      },
    };
    const p = poller(
      store,
      reader(() => ok({ status: 'running', progress: 1 })),
    );
    await p.start();
    await vi.advanceTimersByTimeAsync(300);
    expect(callsOf('writing')).toHaveLength(1);
    // The next leader must not start while this replica still writes.
    let paused = false;
    const pausing = p.pause().then(() => (paused = true));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(paused).toBe(false);
    release();
    await pausing;
    expect(p.stats()).toMatchObject({ inFlight: 0, scheduled: 0, leading: false });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('abandons a call in flight when paused, and does not write its answer if it still comes', async () => {
    await t.store.insert(record({ id: 'late_answer' }));
    const signals: AbortSignal[] = [];
    // An upstream that answers even after the call was given up.
    const read: StatusReader = async (kind, id, signal) => {
      calls.push({ id, kind, at: Date.now() });
      signals.push(signal);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      return ok({ status: 'running', progress: 50 });
    };
    const p = poller(t.store, read);
    await p.start();
    await vi.advanceTimersByTimeAsync(500);
    const before = await t.store.get('late_answer');
    const pausing = p.pause();
    expect(signals.map((signal) => signal.aborted)).toEqual([true]);
    await vi.advanceTimersByTimeAsync(1_000);
    await pausing;
    expect(await t.store.get('late_answer')).toEqual(before);
  });

  it('when the lead is lost and at once regained, writes no answer of the lost lead and asks each job one call at a time', async () => {
    await t.store.insert(record({ id: 'polite' }));
    await t.store.insert(record({ id: 'stubborn' }));
    const counts = new Map<string, number>();
    // Each call takes 1.5 s; the one to 'stubborn' answers even after it was given up.
    const read: StatusReader = async (kind, id, signal) => {
      calls.push({ id, kind, at: Date.now() });
      const n = (counts.get(id) ?? 0) + 1;
      counts.set(id, n);
      await new Promise((resolve, reject) => {
        const timer = setTimeout(resolve, 1_500);
        if (id === 'polite')
          signal.addEventListener('abort', () => {
            clearTimeout(timer);
            reject(new Error('aborted'));
          });
      });
      return ok({ status: 'running', progress: n });
    };
    const p = poller(t.store, read);
    await p.start();
    await vi.advanceTimersByTimeAsync(1_500);
    expect(calls).toHaveLength(2);
    void p.pause();
    await p.start();
    await vi.advanceTimersByTimeAsync(10_000);
    // The first call to each was abandoned: its progress (1) is not what the history shows.
    const progress = (id: string) =>
      t.store.get(id).then((entry) => entry!.readings.map((reading) => reading.progress));
    expect(await progress('stubborn')).not.toContain(1);
    expect(await progress('polite')).not.toContain(1);
    for (const id of ['polite', 'stubborn']) {
      expect(Math.min(...gaps(id))).toBeGreaterThanOrEqual(1_500);
    }
    const stopping = p.stop();
    await vi.advanceTimersByTimeAsync(1_500);
    await stopping;
  });
});
