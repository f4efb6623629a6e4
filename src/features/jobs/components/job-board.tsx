import type { JobView } from '../board-model';
import { boardStatuses, statusLabels } from '../job-state';
import { JobCard } from './job-card';

interface JobBoardProps {
  views: JobView[];
  onRemove: (taskId: string) => void;
}

/** One column per status that has jobs, in the order a job moves through them. */
export function JobBoard({ views, onRemove }: JobBoardProps) {
  return (
    <div className="grid items-start gap-6 lg:grid-cols-2 xl:grid-cols-3">
      {boardStatuses.map((status) => {
        const inColumn = views.filter((view) => view.column === status);
        if (inColumn.length === 0) return null;
        const headingId = `jobs-section-${status}`;
        return (
          <section
            key={status}
            aria-labelledby={headingId}
            className="rounded-2xl bg-zinc-100/70 p-3 dark:bg-zinc-900/40"
          >
            <h2
              id={headingId}
              className="mb-3 flex items-center gap-2 px-1 text-sm font-semibold text-zinc-700 dark:text-zinc-200"
            >
              {statusLabels[status]}
              <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-medium text-zinc-600 tabular-nums dark:bg-zinc-800 dark:text-zinc-300">
                {inColumn.length}
              </span>
            </h2>
            <div className="flex flex-col gap-3">
              {inColumn.map((view) => (
                <JobCard key={view.job.task_id} view={view} onRemove={onRemove} />
              ))}
            </div>
          </section>
        );
      })}
    </div>
  );
}
