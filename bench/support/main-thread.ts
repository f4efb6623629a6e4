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

/** What the page's main thread did in one Lighthouse run. */
export interface MainThreadFigures {
  /**
   * Total blocking time counted on CPU time: every task after the first contentful paint as long
   * as the main thread ran on a CPU for it, scaled by the run's CPU slowdown, less 50 ms.
   * Lighthouse's TBT scales the tasks' wall time instead, which on a shared 2-core machine
   * includes the time the main thread waited for a core while the browser's other threads
   * (compositor, network, compilers) and other programs ran.
   */
  tbtCpuMs: number;
  /** The share of those tasks' wall time the main thread spent waiting for a core, 0–1. */
  waitShare: number;
  /**
   * The main thread's CPU time over the whole trace: its top-level tasks, from the navigation
   * to the end of Lighthouse's recording, unscaled, in ms.
   */
  cpuMs: number;
  /** The same tasks' wall time, in ms: the CPU time plus the time they waited for a core. */
  wallMs: number;
}

const LONG_TASK_MS = 50;

const isTask = (event: TraceEvent) =>
  event.ph === 'X' && (event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask');

/** A sum of task times, µs → ms, to a tenth. */
const toMs = (us: number) => Math.round(us / 100) / 10;

/**
 * The renderer main thread that painted the first contentful paint, its top-level tasks in
 * order, and that paint's time; null without the paint or the thread.
 */
function mainThreadTasks(events: readonly TraceEvent[]) {
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
  const topLevel: TraceEvent[] = [];
  let endOfLast = -Infinity;
  for (const task of tasks) {
    // A task run inside another (a nested run loop) is already in its parent's time.
    if (task.ts < endOfLast) continue;
    endOfLast = task.ts + (task.dur ?? 0);
    topLevel.push(task);
  }
  return { tasks: topLevel, fcpTs: fcp.ts };
}

/**
 * The main thread's figures from a run's trace, with `cpuSlowdown` the multiplier the run's
 * throttling applies to the page's work (4 in Lighthouse's mobile preset). Null when the trace
 * lacks the paint or thread times (a trace recorded without them).
 */
export function mainThreadFigures(
  events: readonly TraceEvent[],
  cpuSlowdown: number,
): MainThreadFigures | null {
  const found = mainThreadTasks(events);
  if (!found) return null;
  let blocking = 0;
  let wallAfterPaint = 0;
  let cpuAfterPaint = 0;
  let wall = 0;
  let cpu = 0;
  let timed = 0;
  for (const task of found.tasks) {
    // Chromium leaves the thread time off the odd task (one in a thousand or so, a few µs
    // long): it is left out of every sum, wall time too, rather than losing the whole run's
    // figures, so that the CPU and wall times compare the same tasks.
    if (task.tdur === undefined) continue;
    wall += task.dur ?? 0;
    cpu += task.tdur;
    if (task.ts < found.fcpTs) continue;
    timed++;
    wallAfterPaint += task.dur ?? 0;
    cpuAfterPaint += task.tdur;
    blocking += Math.max(0, (cpuSlowdown * task.tdur) / 1000 - LONG_TASK_MS);
  }
  if (timed === 0) return null;
  return {
    tbtCpuMs: Math.round(blocking),
    waitShare:
      wallAfterPaint > 0
        ? Math.round((1 - Math.min(cpuAfterPaint, wallAfterPaint) / wallAfterPaint) * 100) / 100
        : 0,
    cpuMs: toMs(cpu),
    wallMs: toMs(wall),
  };
}
