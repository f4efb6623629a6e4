// @vitest-environment node
import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createConcurrencyLimit } from './concurrency-limit';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('createConcurrencyLimit', () => {
  it('never has more than N tasks in flight, with 50 tasks', async () => {
    const limit = createConcurrencyLimit(4);
    let inFlight = 0;
    let peak = 0;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        limit.run(async () => {
          inFlight++;
          peak = Math.max(peak, inFlight);
          await new Promise((r) => setTimeout(r, Math.random() * 3));
          inFlight--;
          return i;
        }),
      ),
    );
    expect(peak).toBe(4);
    expect(results).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(limit.active).toBe(0);
    expect(limit.pending).toBe(0);
  });

  it('starts waiting tasks in the order they came (FIFO)', async () => {
    const limit = createConcurrencyLimit(2);
    const started: number[] = [];
    const gates = Array.from({ length: 6 }, deferred);
    const runs = gates.map((gate, i) =>
      limit.run(async () => {
        started.push(i);
        await gate.promise;
      }),
    );
    await flush();
    expect(started).toEqual([0, 1]);
    gates[1]!.resolve();
    await flush();
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.resolve();
    await flush();
    expect(started).toEqual([0, 1, 2, 3]);
    gates.forEach((gate) => gate.resolve());
    await Promise.all(runs);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('frees the slot when a task fails, and passes the error on', async () => {
    const limit = createConcurrencyLimit(1);
    await expect(limit.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(
      limit.run(() => {
        throw new Error('sync boom');
      }),
    ).rejects.toThrow('sync boom');
    await expect(limit.run(async () => 'ok')).resolves.toBe('ok');
  });

  it('drops a waiting task whose signal aborts, without running it', async () => {
    const limit = createConcurrencyLimit(1);
    const gate = deferred();
    const first = limit.run(() => gate.promise);
    const controller = new AbortController();
    let ran = false;
    const second = limit.run(async () => {
      ran = true;
    }, controller.signal);
    controller.abort(new Error('gone'));
    await expect(second).rejects.toThrow('gone');
    expect(limit.pending).toBe(0);
    gate.resolve();
    await first;
    expect(ran).toBe(false);
  });

  it('accepts only a whole number of tasks, at least one', () => {
    for (const max of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => createConcurrencyLimit(max), String(max)).toThrow(
        new RangeError('max must be a positive integer'),
      );
    }
    expect(createConcurrencyLimit(1).active).toBe(0);
  });

  it('refuses a task whose signal has already aborted, without running it', async () => {
    const limit = createConcurrencyLimit(1);
    let ran = false;
    const run = limit.run(
      async () => {
        ran = true;
      },
      AbortSignal.abort(new Error('already gone')),
    );
    await expect(run).rejects.toThrow('already gone');
    expect(ran).toBe(false);
    expect([limit.active, limit.pending]).toEqual([0, 0]);
  });

  it('lets a started task finish even if its signal aborts meanwhile', async () => {
    const limit = createConcurrencyLimit(1);
    const gate = deferred();
    const controller = new AbortController();
    const started = limit.run(async () => {
      await gate.promise;
      return 'done';
    }, controller.signal);
    const next = limit.run(async () => 'next');
    controller.abort(new Error('too late'));
    expect(limit.pending).toBe(1);
    gate.resolve();
    await expect(started).resolves.toBe('done');
    await expect(next).resolves.toBe('next');
  });

  // A signal can outlive many tasks (one per page, say): each listener left on it would keep
  // its task alive as long as the signal.
  it('leaves nothing listening on a signal once its task has started or been dropped', async () => {
    const limit = createConcurrencyLimit(1);
    const gate = deferred();
    const page = new AbortController();
    const first = limit.run(() => gate.promise, page.signal);
    expect(getEventListeners(page.signal, 'abort')).toHaveLength(0);

    const dropped = new AbortController();
    const second = limit.run(async () => {}, dropped.signal);
    expect(getEventListeners(dropped.signal, 'abort')).toHaveLength(1);
    dropped.abort(new Error('gone'));
    await expect(second).rejects.toThrow('gone');
    expect(getEventListeners(dropped.signal, 'abort')).toHaveLength(0);

    gate.resolve();
    await first;
  });
});
