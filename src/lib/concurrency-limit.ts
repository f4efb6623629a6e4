/** Runs at most `max` tasks at once; the rest wait their turn, first come first served. */
export interface ConcurrencyLimit {
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  readonly active: number;
  readonly pending: number;
}

interface Waiting {
  start: () => void;
}

export function createConcurrencyLimit(max: number): ConcurrencyLimit {
  if (!Number.isInteger(max) || max < 1) throw new RangeError('max must be a positive integer');
  let active = 0;
  const queue: Waiting[] = [];

  function next() {
    if (active >= max) return;
    queue.shift()?.start();
  }

  return {
    get active() {
      return active;
    },
    get pending() {
      return queue.length;
    },
    run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      if (signal?.aborted) return Promise.reject(signal.reason);
      return new Promise<T>((resolve, reject) => {
        const onAbort = () => {
          // Still waiting: leave the queue without ever taking a slot.
          const index = queue.indexOf(waiting);
          if (index >= 0) queue.splice(index, 1);
          reject(signal?.reason);
        };
        const waiting: Waiting = {
          start: () => {
            signal?.removeEventListener('abort', onAbort);
            active++;
            let result: Promise<T>;
            try {
              result = task();
            } catch (error) {
              result = Promise.reject(error);
            }
            result.then(resolve, reject).finally(() => {
              active--;
              next();
            });
          },
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        queue.push(waiting);
        next();
      });
    },
  };
}
