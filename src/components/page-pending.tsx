/** Shown while a lazily loaded page's code arrives; announced politely to screen readers. */
export function PagePending() {
  return (
    <div role="status" aria-live="polite" className="space-y-3">
      <span className="sr-only">Loading page…</span>
      <div className="h-7 w-48 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
      <div className="h-4 w-80 animate-pulse rounded bg-zinc-200 dark:bg-zinc-800" />
    </div>
  );
}
