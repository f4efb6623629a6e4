import { lazy, Suspense, useMemo } from 'react';
import { Card } from '../../components/card';
import { PageHeader } from '../../components/page-header';
import { readConnection } from '../../lib/connection-settings';
import { useTrackedJobs, useTrackedJobsRead } from '../../lib/tracked-jobs';
import { useNow } from '../../lib/use-now';
import { JobOverviewPanel } from './components/job-overview-panel';
import { QuickActionGrid } from './components/quick-action-grid';
import { RecentActivityPending } from './components/recent-activity-pending';
import { summarizeJobs } from './job-overview';
import { quickActions } from './quick-actions';
import { pageMeta } from '../../lib/page-meta';

const RecentActivity = lazy(() =>
  import('./recent-activity').then((m) => ({ default: m.RecentActivity })),
);

/**
 * The first page: shortcuts to every task, the training jobs in flight and, in gateway mode,
 * the recent activity of every kind. It draws before any of them is read.
 */
export function HomePage() {
  const jobs = useTrackedJobs();
  const read = useTrackedJobsRead();
  const overview = useMemo(() => summarizeJobs(jobs), [jobs]);
  const now = useNow(30_000);
  // In gateway mode every browser sees the same history; direct mode keeps jobs in this one.
  const gateway = readConnection().mode === 'gateway';
  return (
    <div className="mx-auto max-w-6xl space-y-8">
      <PageHeader
        title={pageMeta.home.heading}
        description={
          gateway
            ? pageMeta.home.summary
            : 'Start something new, or check on the training jobs this browser follows.'
        }
      />
      <section aria-labelledby="home-create">
        <h2 id="home-create" className="mb-3 text-base font-semibold">
          Create
        </h2>
        <QuickActionGrid actions={quickActions} />
      </section>
      <Card title="Training jobs" labelledBy="home-jobs">
        <JobOverviewPanel overview={overview} now={now} read={read} shared={gateway} />
      </Card>
      {gateway && (
        <Suspense fallback={<RecentActivityPending />}>
          <RecentActivity />
        </Suspense>
      )}
    </div>
  );
}
