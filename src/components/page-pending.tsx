import { useRouterState } from '@tanstack/react-router';
import { pageMetaFor } from '../lib/page-meta';
import { PageHeader } from './page-header';

/**
 * Shown while a lazily loaded page's code arrives: the page's own heading and summary at once,
 * where the page will draw them, so a phone on a slow network reads where it is before the
 * page's code lands (and nothing moves when it does). Announced politely to screen readers.
 */
export function PagePending() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const meta = pageMetaFor(pathname);
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title={meta.heading} description={meta.summary} />
      <div role="status" aria-live="polite" className="space-y-3">
        <span className="sr-only">Loading {meta.heading}…</span>
        <div className="h-10 w-full max-w-md motion-safe:animate-placeholder rounded-lg bg-zinc-200 dark:bg-zinc-800" />
        <div className="h-32 w-full motion-safe:animate-placeholder rounded-xl bg-zinc-200 dark:bg-zinc-800" />
      </div>
    </div>
  );
}
