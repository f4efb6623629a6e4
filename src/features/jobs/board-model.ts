import { formatDuration } from '../../lib/format-duration';
import type { TrainingJob } from '../../api/contract/training';
import type { TrackedJob } from '../../lib/tracked-jobs';
import {
  boardStatus,
  elapsedMs,
  estimateRemainingMs,
  isSettledStatus,
  isStalled,
  jobStatus,
  type BoardStatus,
} from './job-state';
import type { JobsSearch } from './search';

/** Everything a card or row shows about one job, computed once per render of the board. */
export interface JobView {
  job: TrackedJob;
  status: string;
  column: BoardStatus;
  latest: TrainingJob | undefined;
  progress: number | undefined;
  currentStep: number | undefined;
  totalSteps: number | undefined;
  elapsedMs: number;
  remainingMs: number | null;
  stalled: boolean;
}

export function toJobView(job: TrackedJob, unchangedPolls: number, now: number): JobView {
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
    elapsedMs: elapsedMs(job, now),
    remainingMs: estimateRemainingMs(job.snapshots, now),
    stalled: isStalled(job.snapshots, unchangedPolls, now),
  };
}

// A settled job's view no longer changes with the clock: kept per job object (a new reading
// makes a new object), so the board's once-a-second render leaves those cards alone.
const settledViews = new WeakMap<TrackedJob, { unchangedPolls: number; view: JobView }>();

/** toJobView, reusing the view of a settled job that has not changed since. */
export function cachedJobView(job: TrackedJob, unchangedPolls: number, now: number): JobView {
  const cached = settledViews.get(job);
  if (cached && cached.unchangedPolls === unchangedPolls) return cached.view;
  const view = toJobView(job, unchangedPolls, now);
  if (isSettledStatus(view.status)) settledViews.set(job, { unchangedPolls, view });
  return view;
}

/** Kind and status filters, and a case-insensitive search on name or task id. */
export function filterJobViews(views: JobView[], search: JobsSearch): JobView[] {
  const q = search.q?.trim().toLowerCase() ?? '';
  return views.filter(
    (view) =>
      (!search.kind || view.job.kind === search.kind) &&
      (!search.status || view.column === search.status) &&
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
      runningEstimate += view.latest?.cost_estimate ?? 0;
    } else if (view.status === 'completed') {
      completedCost += view.latest?.total_cost ?? 0;
    }
  }
  return { running, completedCost, runningEstimate };
}

const money = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});

export function formatCost(amount: number): string {
  return money.format(amount);
}

/** "1:05": the shared clock format, rounded down. */
export function formatMs(ms: number): string {
  return formatDuration(ms / 1000);
}
