import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { isApiError } from '../../api/api-error';
import { Card } from '../../components/card';
import { CopyButton } from '../../components/copy-button';
import { ErrorView } from '../../components/error-view';
import { PageShell } from '../../components/page-shell';
import { readConnection } from '../../lib/connection-settings';
import { useTrackedJobs } from '../../lib/tracked-jobs';
import { jobTimes, toJobView } from './board-model';
import { useClock } from './clock';
import { AssetLink, JobError, JobFacts } from './components/job-facts';
import { StartedBy } from '../../components/started-by';
import { JobProgress } from './components/job-progress';
import { JobUsage } from './components/job-usage';
import { ProgressChart } from './components/progress-chart';
import { SnapshotHistory } from './components/snapshot-history';
import { StalledBadge, StatusBadge } from './components/status-badge';
import { kindLabels } from './job-state';
import { useQuietJobs } from './poll-stats';
import { jobQueries } from './queries';

const route = getRouteApi('/data/jobs/$taskId');

export function JobPage() {
  const { taskId } = route.useParams();
  const tracked = useTrackedJobs().find((job) => job.task_id === taskId);
  // In gateway mode the gateway polls the jobs it knows and this page reads them from it.
  const status = useQuery({
    ...jobQueries.status(taskId),
    enabled: readConnection().mode !== 'gateway' || !tracked,
  });
  const readings = useQuery({
    ...jobQueries.readings(taskId, tracked?.readings ?? 0),
    enabled: tracked !== undefined,
  });
  const quiet = useQuietJobs().has(taskId) || tracked?.stalled === true;
  const notFound = isApiError(status.error) && status.error.status === 404;
  const latest = status.data?.data ?? tracked?.latest;
  const view = tracked ? toJobView({ ...tracked, latest }, quiet) : null;
  const now = useClock(view !== null && !view.settled);

  if (notFound && !tracked) {
    return (
      <PageShell title="Job not found" description={taskId}>
        <div
          role="alert"
          className="rounded-xl border border-zinc-200 bg-white p-6 dark:border-zinc-800 dark:bg-zinc-900"
        >
          <p className="font-semibold">No training job has the task id {taskId}.</p>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
            Check the id, or the connection in Settings: task ids belong to one API key and stack.
          </p>
          <Link
            to="/jobs"
            className="mt-4 inline-block text-sm font-medium text-brand-600 hover:underline dark:text-brand-100"
          >
            Back to jobs
          </Link>
        </div>
      </PageShell>
    );
  }

  const times = view && jobTimes(view, now);
  const name = latest?.name ?? tracked?.name ?? taskId;
  return (
    <PageShell
      title={name}
      description={
        tracked
          ? `${kindLabels[tracked.kind]}${tracked.source === 'client' ? ', started by another client of this gateway' : ''}`
          : 'Training job'
      }
    >
      <div className="flex flex-col gap-6">
        <Link to="/jobs" className="text-sm text-brand-600 hover:underline dark:text-brand-100">
          ← All jobs
        </Link>
        {status.error && !notFound && (
          <ErrorView
            error={status.error}
            title="Could not read the job's status"
            onRetry={() => void status.refetch()}
            retrying={status.isFetching}
          />
        )}
        {!tracked && status.data && (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            This job is not on your board. Track it from the Jobs page to get notified when it
            finishes.
          </p>
        )}
        <Card title="Status" labelledBy="job-status-title">
          <div className="flex flex-col gap-4">
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <StatusBadge
                status={view?.status ?? latest?.status ?? (notFound ? 'unknown' : 'queued')}
              />
              {times?.stalled && <StalledBadge />}
              <code className="text-xs break-all text-zinc-500 dark:text-zinc-400">{taskId}</code>
              <CopyButton value={taskId} label="task id" />
            </div>
            <StartedBy starter={tracked?.started_by} large />
            {view && view.status !== 'failed' && view.column !== 'unknown' && (
              <JobProgress
                name={name}
                status={view.status}
                progress={view.progress}
                currentStep={view.currentStep}
                totalSteps={view.totalSteps}
              />
            )}
            {view && <JobError view={view} />}
            {view && times && (
              <div className="flex flex-wrap items-end justify-between gap-3">
                <JobFacts view={view} times={times} />
                <AssetLink view={view} />
              </div>
            )}
          </div>
        </Card>
        {tracked && view?.status === 'completed' && (
          <Card title="Use it" labelledBy="job-usage-title">
            <JobUsage kind={tracked.kind} name={name} />
          </Card>
        )}
        {tracked && (
          <Card title="Progress over time" labelledBy="job-chart-title">
            <div className="flex flex-col gap-3">
              <ProgressChart snapshots={readings.data ?? tracked.snapshots} />
              <SnapshotHistory snapshots={readings.data ?? tracked.snapshots} />
            </div>
          </Card>
        )}
        <Card
          title="Status response"
          labelledBy="job-json-title"
          description="The last body of GET /v1/training/status/{task_id}, as received."
        >
          {latest ? (
            <pre className="max-h-96 overflow-auto rounded-lg bg-zinc-50 p-3 text-xs dark:bg-zinc-950">
              {JSON.stringify(latest, null, 2)}
            </pre>
          ) : (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              {status.isPending ? 'Loading…' : 'No status read yet.'}
            </p>
          )}
        </Card>
      </div>
    </PageShell>
  );
}
