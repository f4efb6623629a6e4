import { Link } from '@tanstack/react-router';

export function JobsEmpty() {
  return (
    <div className="rounded-xl border border-dashed border-zinc-300 px-6 py-12 text-center dark:border-zinc-700">
      <p className="text-sm font-semibold">No training jobs yet</p>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        Jobs you start on the Train page appear here and update live. You can also track a task id
        above.
      </p>
      <Link
        to="/train"
        className="mt-4 inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 md:min-h-0"
      >
        Train a voice or LoRA
      </Link>
    </div>
  );
}
