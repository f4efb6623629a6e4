import { boardStatus, boardStatuses, jobStatus, type BoardStatus } from '../../lib/job-status';
import type { TrackedJob } from '../../lib/tracked-jobs';

export interface RecentJob {
  taskId: string;
  name: string;
  kind: TrackedJob['kind'];
  status: string;
  /** Percent from the last reading, while the job runs. */
  progress: number | undefined;
  createdAt: string;
}

export interface JobOverview {
  total: number;
  /** How many jobs sit in each status, in board order, leaving out the empty ones. */
  counts: { status: BoardStatus; count: number }[];
  /** Running and queued jobs first (what the user waits for), then the newest. */
  recent: RecentJob[];
}

const attention: Partial<Record<BoardStatus, number>> = { running: 0, queued: 1 };

/** The home page's view of the tracked jobs: counts per status and the few worth a glance. */
export function summarizeJobs(jobs: readonly TrackedJob[], limit = 5): JobOverview {
  const tally = new Map<BoardStatus, number>();
  for (const job of jobs) {
    const column = boardStatus(jobStatus(job));
    tally.set(column, (tally.get(column) ?? 0) + 1);
  }
  const counts = boardStatuses
    .map((status) => ({ status, count: tally.get(status) ?? 0 }))
    .filter((entry) => entry.count > 0);

  const rank = (job: TrackedJob) => attention[boardStatus(jobStatus(job))] ?? 2;
  const recent = [...jobs]
    .sort((a, b) => rank(a) - rank(b) || Date.parse(b.created_at) - Date.parse(a.created_at))
    .slice(0, limit)
    .map((job) => {
      const status = jobStatus(job);
      return {
        taskId: job.task_id,
        name: job.name,
        kind: job.kind,
        status,
        progress: status === 'running' ? job.snapshots.at(-1)?.progress : undefined,
        createdAt: job.created_at,
      };
    });
  return { total: jobs.length, counts, recent };
}
