import { Link } from '@tanstack/react-router';

export function NotFoundPage() {
  return (
    <section aria-labelledby="not-found-title" className="mx-auto max-w-lg py-16 text-center">
      <p className="text-sm font-semibold text-brand-600">404</p>
      <h1 id="not-found-title" className="mt-2 text-2xl font-semibold tracking-tight">
        Page not found
      </h1>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
        There is no page at this address. It may have moved, or the link may be mistyped.
      </p>
      <Link
        to="/"
        className="mt-6 inline-block rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
      >
        Go to Home
      </Link>
    </section>
  );
}
