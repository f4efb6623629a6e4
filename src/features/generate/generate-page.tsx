import { Link, getRouteApi } from '@tanstack/react-router';
import { PageShell } from '../../components/page-shell';
import { generateTabs } from './search';

const route = getRouteApi('/generate');
const tabLabels = { image: 'Image', video: 'Video' } as const;

export function GeneratePage() {
  const { tab } = route.useSearch();
  return (
    <PageShell
      title="Generate"
      description="Create images and video from a prompt with any tool of the service."
    >
      <div
        role="tablist"
        aria-label="Media type"
        className="inline-flex gap-1 rounded-lg bg-zinc-200/70 p-1 dark:bg-zinc-800"
      >
        {generateTabs.map((option) => (
          <Link
            key={option}
            to="/generate"
            search={{ tab: option }}
            role="tab"
            aria-selected={tab === option}
            className="rounded-md px-4 py-1.5 text-sm font-medium aria-selected:bg-white aria-selected:shadow-sm dark:aria-selected:bg-zinc-700"
          >
            {tabLabels[option]}
          </Link>
        ))}
      </div>
      <div role="tabpanel" aria-label={`${tabLabels[tab]} generation`} className="mt-6" />
    </PageShell>
  );
}
