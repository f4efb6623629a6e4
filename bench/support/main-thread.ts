/** The fields of a Chromium trace event this module reads; times in µs. */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Thread time: how long the thread ran on a CPU within the event. */
  tdur?: number;
  args?: { name?: string };
}

/** What the page's main thread did after its first contentful paint, in one Lighthouse run. */
export interface MainThreadFigures {
  /**
   * Total blocking time counted on CPU time: every task after the first contentful paint as long
   * as the main thread ran on a CPU for it, scaled by the mobile preset's 4× CPU slowdown, less
   * 50 ms. Lighthouse's TBT scales the tasks' wall time instead, which on a shared 2-core machine
   * includes the time the main thread waited for a core while the browser's other threads
   * (compositor, network, compilers) and other programs ran.
   */
  tbtCpuMs: number;
  /** The share of those tasks' wall time the main thread spent waiting for a core, 0–1. */
  waitShare: number;
}

/** Lighthouse's mobile preset: simulated CPU throttling scales the page's own work by 4. */
export const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;

const isTask = (event: TraceEvent) =>
  event.ph === 'X' && (event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask');

/**
 * The main thread's figures from a run's trace: the renderer thread that painted the first
 * contentful paint, its top-level tasks from that paint on. Null when the trace lacks the paint
 * or thread times (a trace recorded without them).
 */
export function mainThreadFigures(events: readonly TraceEvent[]): MainThreadFigures | null {
  const fcp = events.find((event) => event.name === 'firstContentfulPaint');
  if (!fcp) return null;
  const thread = events.find(
    (event) =>
      event.name === 'thread_name' &&
      event.pid === fcp.pid &&
      event.args?.name === 'CrRendererMain',
  );
  if (!thread) return null;
  const tasks = events
    .filter((event) => isTask(event) && event.pid === thread.pid && event.tid === thread.tid)
    .sort((a, b) => a.ts - b.ts);
  let blocking = 0;
  let wall = 0;
  let cpu = 0;
  let timed = 0;
  let endOfLast = -Infinity;
  for (const task of tasks) {
    // A task run inside another (a nested run loop) is already in its parent's time.
    if (task.ts < endOfLast) continue;
    endOfLast = task.ts + (task.dur ?? 0);
    if (task.ts < fcp.ts) continue;
    // Chromium leaves the thread time off the odd task (one in a thousand or so, a few µs
    // long): it is left out of both sums rather than losing the whole run's figures.
    if (task.tdur === undefined) continue;
    timed++;
    wall += task.dur ?? 0;
    cpu += task.tdur;
    blocking += Math.max(0, (CPU_SLOWDOWN * task.tdur) / 1000 - LONG_TASK_MS);
  }
  if (timed === 0) return null;
  return {
    tbtCpuMs: Math.round(blocking),
    waitShare: wall > 0 ? Math.round((1 - Math.min(cpu, wall) / wall) * 100) / 100 : 0,
  };
}
