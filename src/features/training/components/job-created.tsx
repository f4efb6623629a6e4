import { Link } from '@tanstack/react-router';
import { CopyButton } from '../../../components/copy-button';

const label = 'text-emerald-800 dark:text-emerald-300';

/** The job was created: what it is called, its id, and where to follow it. */
interface JobCreatedProps {
  what: string;
  taskId: string;
  name: string;
  /** As the service answered the creation (queued). */
  status: string;
}

export function JobCreated({ what, taskId, name, status }: JobCreatedProps) {
  return (
    <div
      role="status"
      aria-label="Training started"
      className="rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-sm text-emerald-950 dark:border-emerald-800/70 dark:bg-emerald-950/40 dark:text-emerald-50"
    >
      <p className="font-semibold">Training started: {what}</p>
      {/* One grid, so each label sits on its value's first line however the value wraps. */}
      <dl className="mt-2 grid grid-cols-[max-content_minmax(0,1fr)] items-baseline gap-x-3 gap-y-1.5 text-xs">
        <dt className={label}>Name</dt>
        <dd className="min-w-0">
          <code className="break-all">{name}</code>
        </dd>
        <dt className={label}>Task ID</dt>
        <dd className="flex min-w-0 items-center gap-1">
          <code className="min-w-0 break-all select-all">{taskId}</code>
          <span className="shrink-0">
            <CopyButton value={taskId} label="task ID" />
          </span>
        </dd>
        <dt className={label}>Status</dt>
        <dd className="first-letter:uppercase">{status}</dd>
      </dl>
      <Link
        to="/jobs"
        className="mt-3 inline-flex rounded-lg bg-emerald-700 px-3 py-1.5 text-xs font-medium text-white hover:bg-emerald-800"
      >
        Open on the jobs board
      </Link>
    </div>
  );
}
