import { formatDuration } from '../../lib/format-duration';
import type { HistoryPerson } from '../../api/contract/history';
import type { TrainingJob } from '../../api/contract/training';
import type { TrackedJob } from '../../lib/tracked-jobs';
import {
  boardStatus,
  boardStatuses,
  elapsedMs,
  estimateRemainingMs,
  isSettledStatus,
  isStalled,
  jobStatus,
  type BoardStatus,
} from './job-state';
import type { JobsSearch } from './search';
import { committedCostOf } from '../../api/contract/committed-cost';
import { canRemove, type Viewer } from '../../lib/history-starter';
import { compareNames } from '../../lib/compare-text';
import { compareCodeUnits } from '../../lib/compare-code-units';

/**
 * Everything a card or row shows about one job that does not move with the clock. It changes
 * only with a new reading (a new job object) or with `quiet`, so it is made once per change.
 */
export interface JobView {
  job: TrackedJob;
  status: string;
  column: BoardStatus;
  latest: TrainingJob | undefined;
  progress: number | undefined;
  currentStep: number | undefined;
  totalSteps: number | undefined;
  /** Finished or unknown: never polled again, and its times no longer change. */
  settled: boolean;
  /** Polled many times without a change (poll-stats.ts): stalled once that lasts a minute. */
  quiet: boolean;
}

export function toJobView(job: TrackedJob, quiet: boolean): JobView {
  const status = jobStatus(job);
  const last = job.snapshots.at(-1);
  const latest = job.latest;
  return {
    job,
    status,
    column: boardStatus(status),
    latest,
    progress: last?.progress ?? latest?.progress,
    currentStep: last?.current_step ?? latest?.current_step,
    totalSteps: latest?.total_steps,
    settled: isSettledStatus(status),
    quiet,
  };
}

// Kept per job object (a new reading makes a new object): the board's renders reuse the view,
// so the memoized cards of the jobs that did not change skip rendering.
const views = new WeakMap<TrackedJob, JobView>();

/** toJobView, reusing the view of a job that has not changed since. */
export function cachedJobView(job: TrackedJob, quiet: boolean): JobView {
  const cached = views.get(job);
  if (cached && cached.quiet === quiet) return cached;
  const view = toJobView(job, quiet);
  views.set(job, view);
  return view;
}

/** What moves with the clock: elapsed time, the ETA, and whether a quiet job counts as stalled. */
export interface JobTimes {
  elapsedMs: number;
  remainingMs: number | null;
  stalled: boolean;
}

export function jobTimes(view: JobView, now: number): JobTimes {
  const { job, quiet } = view;
  return {
    elapsedMs: elapsedMs(job, now),
    remainingMs: estimateRemainingMs(job.snapshots, now),
    stalled: isStalled(job.snapshots, quiet, now),
  };
}

/** The board's columns: one per status that has jobs, in the order a job moves through them. */
export function boardColumns(views: JobView[]): { status: BoardStatus; views: JobView[] }[] {
  const byStatus = new Map<BoardStatus, JobView[]>();
  for (const view of views) {
    const inColumn = byStatus.get(view.column);
    if (inColumn) inColumn.push(view);
    else byStatus.set(view.column, [view]);
  }
  return boardStatuses.flatMap((status) => {
    const inColumn = byStatus.get(status);
    return inColumn ? [{ status, views: inColumn }] : [];
  });
}

/** What "Clear finished" clears: the finished jobs the viewer may remove. */
export function clearableJobs(views: readonly JobView[], viewer: Viewer): JobView[] {
  return views.filter((view) => view.settled && canRemove(view.job.started_by, viewer));
}

/**
 * The "Started by" filter's choices: the people the gateway lists, and anyone who started a
 * job on the board since it was read (the stream brings their jobs, not the list); the one
 * selected stays a choice even when unknown, under its id. Empty when nobody started a job
 * signed in (open mode, direct mode): the filter is not shown then.
 */
export function starterOptions(
  people: readonly HistoryPerson[],
  views: readonly JobView[],
  selected?: string,
): HistoryPerson[] {
  const byId = new Map<string, HistoryPerson>();
  for (const view of views) {
    const starter = view.job.started_by;
    if (starter && !byId.has(starter.id))
      byId.set(starter.id, { id: starter.id, name: starter.name });
  }
  if (byId.size === 0) return [];
  // The gateway's list has each person's newest name, over what an older job on the board says.
  for (const person of people) byId.set(person.id, person);
  if (selected && !byId.has(selected)) byId.set(selected, { id: selected, name: selected });
  return [...byId.values()].sort(
    (a, b) => compareNames(a.name, b.name) || compareCodeUnits(a.id, b.id),
  );
}

/**
 * Kind, status, source and starter filters, and a case-insensitive search on name or task id. A job
 * with no source is one this browser started (direct mode keeps no other).
 */
export function filterJobViews(views: JobView[], search: JobsSearch): JobView[] {
  const q = search.q?.trim().toLowerCase() ?? '';
  return views.filter(
    (view) =>
      (!search.kind || view.job.kind === search.kind) &&
      (!search.status || view.column === search.status) &&
      (!search.source || (view.job.source ?? 'dashboard') === search.source) &&
      (!search.started_by || view.job.started_by?.id === search.started_by) &&
      (q === '' ||
        view.job.name.toLowerCase().includes(q) ||
        view.job.task_id.toLowerCase().includes(q)),
  );
}

export interface JobTotals {
  running: number;
  completedCost: number;
  runningEstimate: number;
}

export function jobTotals(views: JobView[]): JobTotals {
  let running = 0;
  let completedCost = 0;
  let runningEstimate = 0;
  for (const view of views) {
    if (view.status === 'running') {
      running++;
      runningEstimate += committedCostOf(view.status, view.latest) ?? 0;
    } else if (view.status === 'completed') {
      completedCost += committedCostOf(view.status, view.latest) ?? 0;
    }
  }
  return { running, completedCost, runningEstimate };
}

export { formatCost } from '../../lib/format-cost';

/** "1:05": the shared clock format, rounded down. */
export function formatMs(ms: number): string {
  return formatDuration(ms / 1000);
}
