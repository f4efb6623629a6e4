import { useSyncExternalStore } from 'react';

/**
 * One clock for every elapsed time and ETA on screen: a single timer, and the cards that tick
 * render in the same commit instead of one timer and one render each.
 */
const tickMs = 1000;
let now = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  timer ??= setInterval(() => {
    now = Date.now();
    listeners.forEach((notify) => notify());
  }, tickMs);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  };
}

function read() {
  // Nobody ticked it while nothing showed a time: catch up on the first read.
  if (timer === null && Date.now() - now >= tickMs) now = Date.now();
  return now;
}

const never = () => () => {};
const frozen = () => 0;

/**
 * The current time, refreshed every second while `live`; 0 when not, e.g. for a finished job
 * whose times no longer change, so its card leaves the clock alone.
 */
export function useClock(live = true): number {
  return useSyncExternalStore(live ? subscribe : never, live ? read : frozen, live ? read : frozen);
}
