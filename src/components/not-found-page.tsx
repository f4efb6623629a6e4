import { Link } from '@tanstack/react-router';
import { pageMeta } from '../lib/page-meta';
import { PageHeader } from './page-header';

/** Framed like every page, so it draws over the shell's heading without moving it. */
export function NotFoundPage() {
  return (
    <section aria-label={pageMeta.notFound.heading} className="mx-auto max-w-6xl">
      <PageHeader title={pageMeta.notFound.heading} description={pageMeta.notFound.summary} />
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        It may have moved, or the link may be mistyped.
      </p>
      <Link
        to="/"
        className="mt-6 inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 md:min-h-0"
      >
        Go to Home
      </Link>
    </section>
  );
}
