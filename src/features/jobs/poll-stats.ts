import { useSyncExternalStore } from 'react';
import { stallThreshold } from './job-state';

/**
 * Polls since a job's reading last changed, kept in memory, per tab. The store keeps only
 * changes, so this count is what tells a stalled job from one that was simply not watched.
 */
const unchanged = new Map<string, number>();
/**
 * What is published: the jobs polled at least stallThreshold.polls times without a change.
 * The counts move on every poll and nothing shows them; this set changes rarely.
 */
let quiet: ReadonlySet<string> = new Set();
const listeners = new Set<() => void>();

export function notePoll(taskId: string, changed: boolean): void {
  const count = changed ? 0 : (unchanged.get(taskId) ?? 0) + 1;
  unchanged.set(taskId, count);
  const isQuiet = count >= stallThreshold.polls;
  if (isQuiet === quiet.has(taskId)) return;
  const next = new Set(quiet);
  if (isQuiet) next.add(taskId);
  else next.delete(taskId);
  quiet = next;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const readQuiet = () => quiet;

export function useQuietJobs(): ReadonlySet<string> {
  return useSyncExternalStore(subscribe, readQuiet, readQuiet);
}
