import { whenIdle } from './use-idle';

/** What says someone is using the page rather than only looking at it. */
const useEvents = [
  'pointerdown',
  'pointerover',
  'touchstart',
  'keydown',
  'focusin',
  'wheel',
  'scroll',
];

let used = false;
let listening = false;
const waiting = new Set<() => void>();

function onUse() {
  used = true;
  for (const type of useEvents) window.removeEventListener(type, onUse, true);
  const started = [...waiting];
  waiting.clear();
  for (const start of started) start();
}

/**
 * Calls `callback` at the browser's next idle moment once someone uses the page: a pointer over
 * it or on it, a finger, a key, the focus moving, a scroll. A page that is opened and only read
 * never runs it; on a phone that is the download and the compile of parts nobody asked for.
 * Returns the cancel.
 */
export function whenPageUsed(callback: () => void): () => void {
  if (used || typeof window === 'undefined') return whenIdle(callback);
  let cancelIdle: (() => void) | undefined;
  const start = () => {
    cancelIdle = whenIdle(callback);
  };
  waiting.add(start);
  if (!listening) {
    listening = true;
    for (const type of useEvents) {
      window.addEventListener(type, onUse, { capture: true, passive: true });
    }
  }
  return () => {
    waiting.delete(start);
    cancelIdle?.();
  };
}
