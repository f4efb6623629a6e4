import { useSyncExternalStore } from 'react';

/**
 * Polls since a job's reading last changed. The store keeps only changes, so this count (kept
 * in memory, per tab) is what tells a stalled job from one that was simply not watched.
 */
let unchanged: ReadonlyMap<string, number> = new Map();
const listeners = new Set<() => void>();

export function notePoll(taskId: string, changed: boolean): void {
  const next = new Map(unchanged);
  next.set(taskId, changed ? 0 : (unchanged.get(taskId) ?? 0) + 1);
  unchanged = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUnchangedPolls(): ReadonlyMap<string, number> {
  return useSyncExternalStore(
    subscribe,
    () => unchanged,
    () => unchanged,
  );
}
