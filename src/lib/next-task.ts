interface Scheduler {
  yield?: () => Promise<void>;
}

/**
 * Resolves in a later task, so the browser can paint and answer input in between. Start-up
 * work split this way never holds the main thread for long on a phone: a task over 50 ms is
 * what a tap has to wait for. `scheduler.yield` continues ahead of other queued work where
 * the browser has it; a zero timer elsewhere.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Runs the loads one after another, each in a task of its own; resolves to the last one's value. */
export async function inSeparateTasks<T>(
  steps: readonly (() => Promise<unknown>)[],
  last: () => Promise<T>,
): Promise<T> {
  for (const step of steps) {
    await step();
    await nextTask();
  }
  return last();
}
