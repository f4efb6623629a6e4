import { Link, getRouteApi } from '@tanstack/react-router';
import { PageShell } from '../../components/page-shell';
import { generateTabs, type HistoryFilters } from './search';
import { TabStrip, tabClassName } from '../../components/tab-strip';
import { GenerateTab } from './generate-tab';
import { pageMeta } from '../../lib/page-meta';

const route = getRouteApi('/data/generate');
const tabLabels = { image: 'Image', video: 'Video' } as const;

export function GeneratePage() {
  const { tab, ...filters } = route.useSearch();
  const navigate = route.useNavigate();
  // Each keystroke replaces the URL rather than adding to the back button's list.
  const filter = (patch: HistoryFilters) =>
    void navigate({ search: (previous) => ({ ...previous, ...patch }), replace: true });
  return (
    <PageShell title={pageMeta.generate.heading} description={pageMeta.generate.summary}>
      <TabStrip label="Media type">
        {generateTabs.map((option) => (
          <Link
            key={option}
            to="/generate"
            search={{ tab: option }}
            role="tab"
            aria-selected={tab === option}
            className={tabClassName}
          >
            {tabLabels[option]}
          </Link>
        ))}
      </TabStrip>
      <div role="tabpanel" aria-label={`${tabLabels[tab]} generation`} className="mt-6">
        {/* Keyed: each tab keeps its own form, keys and result. A tab link carries only
            the tab, so the other tab's history opens unfiltered. */}
        <GenerateTab key={tab} kind={tab} filters={filters} onFilter={filter} />
      </div>
    </PageShell>
  );
}
