interface TaskStatusProps {
  taskId: string;
  status: string;
}

/** What an async task is doing while we wait; announced politely as it changes. */
export function TaskStatus({ taskId, status }: TaskStatusProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex items-center gap-3 rounded-xl border border-zinc-200 bg-zinc-50 p-4 text-sm dark:border-zinc-800 dark:bg-zinc-950/40"
    >
      <span
        aria-hidden="true"
        className="size-4 animate-spin rounded-full border-2 border-brand-500 border-t-transparent"
      />
      <span>
        Task <code className="text-xs">{taskId}</code> is <strong>{status}</strong>…
      </span>
    </div>
  );
}
