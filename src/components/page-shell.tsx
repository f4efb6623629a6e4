import type { ReactNode } from 'react';
import { PageHeader } from './page-header';

/** Frame of a page area: its title, what it is for, and its content. */
export function PageShell({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-6xl">
      <PageHeader title={title} description={description} />
      <h2 id="page-title" className="sr-only">
        {title}
      </h2>
      {children}
    </section>
  );
}
