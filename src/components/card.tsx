import type { ReactNode } from 'react';
import { Staged } from './staged';

export function Card({
  title,
  description,
  children,
  labelledBy,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  labelledBy: string;
}) {
  return (
    <section
      aria-labelledby={labelledBy}
      className="rounded-2xl border border-zinc-200 bg-white p-4 shadow-xs sm:p-5 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h2 id={labelledBy} className="text-base font-semibold">
        {title}
      </h2>
      {description && (
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{description}</p>
      )}
      <Staged>
        <div className="mt-4">{children}</div>
      </Staged>
    </section>
  );
}
