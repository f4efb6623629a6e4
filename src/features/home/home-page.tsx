import { useMemo } from 'react';
import { Card } from '../../components/card';
import { PageHeader } from '../../components/page-header';
import { useTrackedJobs } from '../../lib/tracked-jobs';
import { useNow } from '../../lib/use-now';
import { JobOverviewPanel } from './components/job-overview-panel';
import { QuickActionGrid } from './components/quick-action-grid';
import { summarizeJobs } from './job-overview';
import { quickActions } from './quick-actions';

/**
 * The first page: shortcuts to every task and the training jobs in flight. It reads only what
 * this browser keeps, so it draws without waiting for the API (or loading its client).
 */
export function HomePage() {
  const jobs = useTrackedJobs();
  const overview = useMemo(() => summarizeJobs(jobs), [jobs]);
  const now = useNow(30_000);
  return (
    <div className="mx-auto max-w-6xl space-y-8">
      <PageHeader
        title="Home"
        description="Start something new, or check on the training jobs this browser follows."
      />
      <section aria-labelledby="home-create">
        <h2 id="home-create" className="mb-3 text-base font-semibold">
          Create
        </h2>
        <QuickActionGrid actions={quickActions} />
      </section>
      <Card title="Training jobs" labelledBy="home-jobs">
        <JobOverviewPanel overview={overview} now={now} />
      </Card>
    </div>
  );
}
