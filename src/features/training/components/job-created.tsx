import { Link } from '@tanstack/react-router';
import { CopyButton } from '../../../components/copy-button';

/** The job was created: where to follow it. */
export function JobCreated({ what, taskId, name }: { what: string; taskId: string; name: string }) {
  return (
    <div
      role="status"
      aria-label="Training started"
      className="rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-sm text-emerald-950 dark:border-emerald-800/70 dark:bg-emerald-950/40 dark:text-emerald-50"
    >
      <p className="font-semibold">
        Training started: {what} <code>{name}</code>
      </p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-1 text-xs">
        <dt className="text-emerald-800 dark:text-emerald-300">Task ID</dt>
        <dd className="flex flex-wrap items-center gap-2">
          <code className="break-all select-all">{taskId}</code>
          <CopyButton value={taskId} label="Copy task ID" />
        </dd>
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
