/**
 * The gateway could not record something that went through it: the request itself worked,
 * but the shared history may miss it. Shown where the history is read.
 */
export function HistoryWarning({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p
      role="status"
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <span className="font-semibold">The history may be incomplete. </span>
      {message}
    </p>
  );
}
