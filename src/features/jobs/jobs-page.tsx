import { getRouteApi } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { Button } from '../../components/button';
import { NoMatches } from '../../components/filter-results';
import { HistoryWarning } from '../../components/history-warning';
import { PageShell } from '../../components/page-shell';
import { readConnection } from '../../lib/connection-settings';
import { ErrorView } from '../../components/error-view';
import { refreshHistory, useTrainingHistory } from '../../lib/server-history';
import { useTrackedJobs, useTrackedJobsRead } from '../../lib/tracked-jobs';
import { useViewer } from '../../lib/access-me';
import { toast } from '../../lib/toast';
import {
  cachedJobView,
  clearableJobs,
  filterJobViews,
  jobTotals,
  starterOptions,
} from './board-model';
import { JobBoard } from './components/job-board';
import { JobTable } from './components/job-table';
import { JobsEmpty } from './components/jobs-empty';
import { JobsToolbar } from './components/jobs-toolbar';
import { JobsTotals } from './components/jobs-totals';
import { NotificationsToggle } from './components/notifications-toggle';
import { TrackForm } from './components/track-form';
import { notificationsSupported, useBrowserNotifications } from './notification-setting';
import { useQuietJobs } from './poll-stats';
import { jobQueries, useRemoveJobs, useTrackJob } from './queries';
import type { JobsSearch } from './search';
import { pageMeta } from '../../lib/page-meta';

const route = getRouteApi('/data/jobs');

export function JobsPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const jobs = useTrackedJobs();
  const read = useTrackedJobsRead();
  const gateway = readConnection().mode === 'gateway';
  const history = useTrainingHistory(gateway);
  const quiet = useQuietJobs();
  const track = useTrackJob();
  const remove = useRemoveJobs();
  const [notifications, setNotifications] = useBrowserNotifications();
  const [trackMessage, setTrackMessage] = useState<string | null>(null);
  const { mutate: removeJobs } = remove;
  // Stable, so the memoized cards of unchanged jobs skip the clock's renders.
  const onRemove = useCallback(
    (taskId: string) => removeJobs([taskId], { onError: removalFailed }),
    [removeJobs],
  );
  // On a shared gateway only the person who started a job may remove it (the gateway refuses
  // others): the board offers Remove on those only. Nobody signs in in direct mode.
  const viewer = useViewer(gateway);

  // Nothing here moves with the clock: each card and row ticks on its own (use-job-times.ts),
  // so this page renders only when a reading lands.
  const views = useMemo(
    () => jobs.map((job) => cachedJobView(job, quiet.has(job.task_id) || job.stalled === true)),
    [jobs, quiet],
  );
  // A browser on its own started every job it knows: a shared link's source and starter
  // filters are moot here.
  const shown = useMemo(
    () =>
      filterJobViews(
        views,
        gateway ? search : { ...search, source: undefined, started_by: undefined },
      ),
    [views, search, gateway],
  );
  const totals = useMemo(() => jobTotals(views), [views]);
  // Direct mode keeps no starters: the browser's own store never asks the gateway.
  const listed = useQuery({ ...jobQueries.people(), enabled: gateway });
  const people = useMemo(
    () => starterOptions(listed.data ?? [], views, search.started_by),
    [listed.data, views, search.started_by],
  );
  const finished = useMemo(() => clearableJobs(views, viewer), [views, viewer]);

  const update = (patch: Partial<JobsSearch>) =>
    void navigate({ search: (previous) => ({ ...previous, ...patch }), replace: true });

  return (
    <PageShell
      title={pageMeta.jobs.heading}
      description={
        gateway
          ? pageMeta.jobs.summary
          : 'Every training job started from this browser, updated live. Kept in this browser only.'
      }
    >
      <div className="flex flex-col gap-6">
        <HistoryWarning message={history.warning} />
        <TrackForm
          pending={track.isPending}
          error={track.error}
          message={trackMessage}
          onTrack={(input) => {
            setTrackMessage(null);
            track.mutate(input, {
              onSuccess: ({ job, alreadyTracked }) =>
                setTrackMessage(
                  alreadyTracked ? `${job.name} is already on the board.` : `Tracking ${job.name}.`,
                ),
            });
          }}
        />
        {jobs.length === 0 && !read ? (
          <p className="text-sm text-zinc-500">Loading training jobs…</p>
        ) : jobs.length === 0 && history.error ? (
          // A failed read keeps the board it had; only an empty one gives way to the error.
          <ErrorView
            title="Could not read the gateway's training jobs"
            error={history.error}
            onRetry={() => void refreshHistory('training')}
          />
        ) : jobs.length === 0 ? (
          <JobsEmpty />
        ) : (
          <>
            <JobsTotals totals={totals} tracked={jobs.length} />
            <div className="flex flex-wrap items-center justify-between gap-3">
              <JobsToolbar search={search} onChange={update} bySource={gateway} people={people} />
              <div className="flex items-center gap-4">
                <NotificationsToggle
                  supported={notificationsSupported()}
                  enabled={notifications}
                  onChange={(on) => void setNotifications(on)}
                />
                <Button
                  variant="secondary"
                  disabled={finished.length === 0 || remove.isPending}
                  onClick={() =>
                    remove.mutate(
                      finished.map((view) => view.job.task_id),
                      { onError: removalFailed },
                    )
                  }
                >
                  Clear finished ({finished.length})
                </Button>
              </div>
            </div>
            {shown.length === 0 ? (
              <NoMatches
                what="job"
                onClear={() =>
                  update({
                    q: undefined,
                    kind: undefined,
                    status: undefined,
                    source: undefined,
                    started_by: undefined,
                  })
                }
              />
            ) : search.view === 'list' ? (
              <JobTable views={shown} onRemove={onRemove} viewer={viewer} />
            ) : (
              <JobBoard views={shown} onRemove={onRemove} viewer={viewer} />
            )}
          </>
        )}
      </div>
    </PageShell>
  );
}

/** A refused or failed removal: the gateway's message names why (e.g. who started the job). */
function removalFailed(error: Error) {
  toast.error(`Could not remove: ${error.message}`);
}
