/**
 * Work that can wait for the main thread to be idle, one task per idle period, in the order
 * it was queued. Each task is a small slice (one grid row), so none of them lengthens a frame
 * and a fast scroll, which leaves no idle time, simply postpones them.
 */
const queue = new Set<() => void>();
let pending = false;

/** Queues a task; the returned function drops it if it has not run yet. */
export function whenIdle(task: () => void): () => void {
  queue.add(task);
  schedule();
  return () => {
    queue.delete(task);
  };
}

function schedule() {
  if (pending || queue.size === 0) return;
  pending = true;
  // Safari has no requestIdleCallback: a timeout still keeps each task in its own turn.
  if (typeof requestIdleCallback === 'function') requestIdleCallback(runNext);
  else setTimeout(runNext, 16);
}

function runNext() {
  pending = false;
  const [task] = queue;
  if (task) {
    queue.delete(task);
    task();
  }
  schedule();
}
