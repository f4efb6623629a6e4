import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { toast } from '../../lib/toast';
import { isApiError } from '../../api/api-error';
import { describeErrorDetail } from '../../api/contract/error-detail';
import type { TrainingJob, TrainingStatusResponse } from '../../api/contract/training';
import { isTrainingKind } from '../../api/contract/history-kinds';
import { readConnection, subscribeConnection } from '../../lib/connection-settings';
import { sameItems } from '../../lib/same-items';
import {
  findTrackedJob,
  selectTrackedJobs,
  useTrackedJobsSelection,
  type TrackedJob,
} from '../../lib/tracked-jobs';
import { recordSnapshot } from '../../lib/tracked-jobs-writes';
import { jobsToWatch, kindLabels, transitionNotice, unknownStatus } from './job-state';
import { browserNotificationsEnabled } from './notification-setting';
import { notePoll } from './poll-stats';
import { jobQueries, toSnapshot } from './queries';

const watchedTaskIds = selectTrackedJobs(
  (jobs) => jobsToWatch(jobs).map((job) => job.task_id),
  sameItems,
);

interface JobWatcherProps {
  /** Opens a job's page; the watcher lives outside the router, so the app passes navigation in. */
  onOpen: (taskId: string) => void;
}

/**
 * Mounted once for the whole app: polls every tracked job that may still change, records each
 * reading in the tracked-jobs store, and tells the user when a job completes or fails,
 * whichever page is open. Renders nothing.
 */
export function JobWatcher({ onOpen }: JobWatcherProps) {
  // In gateway mode the gateway polls for everyone and pushes changes; this tab only listens.
  const gateway = useSyncExternalStore(subscribeConnection, isGatewayMode, isGatewayMode);
  // Renders when the set of jobs to poll changes, not on every reading of one of them.
  const watched = useTrackedJobsSelection(watchedTaskIds);
  const queries = useMemo(
    () =>
      gateway
        ? []
        : watched.map((taskId) => ({
            ...jobQueries.status(taskId),
            notifyOnChangeProps: [] as [],
          })),
    [watched, gateway],
  );
  // notifyOnChangeProps: [] keeps this component from rendering on every poll; the results
  // are read from the query cache below.
  useQueries({ queries });

  const onOpenRef = useRef(onOpen);
  useEffect(() => {
    onOpenRef.current = onOpen;
  });

  const queryClient = useQueryClient();
  // Every status reading, whoever fetched it (watcher, job page, track form), is recorded once.
  useEffect(() => {
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated') return;
      const [scope, kind, taskId] = event.query.queryKey as unknown[];
      if (scope !== 'jobs' || kind !== 'status' || typeof taskId !== 'string') return;
      const { action } = event;
      if (action.type === 'success') {
        void record(taskId, action.data as TrainingStatusResponse, (job) =>
          notify(findTrackedJob(taskId), job, () => onOpenRef.current(taskId)),
        );
      } else if (
        action.type === 'error' &&
        isApiError(action.error) &&
        action.error.status === 404
      ) {
        void recordSnapshot(taskId, { at: new Date().toISOString(), status: unknownStatus });
      }
    });
  }, [queryClient]);

  useEffect(() => {
    if (!gateway) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void import('../../lib/server-history').then((history) => {
      if (cancelled) return;
      const close = history.connectServerHistory();
      const off = history.onHistoryTransition((previous, entry) => {
        if (!isTrainingKind(entry.kind)) return;
        if (!transitionNotice(previous?.readings.at(-1), entry.status)) return;
        const job = {
          ...entry.latest,
          task_id: entry.id,
          name: entry.name,
          status: entry.status,
        } as TrainingJob;
        notify(findTrackedJob(entry.id), job, () => onOpenRef.current(entry.id));
      });
      stop = () => {
        off();
        close();
      };
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [gateway]);

  return null;
}

const isGatewayMode = () => readConnection().mode === 'gateway';

async function record(
  taskId: string,
  response: TrainingStatusResponse,
  onTransition: (job: TrainingJob) => void,
) {
  const job = response.data;
  const { appended, previous } = await recordSnapshot(
    taskId,
    toSnapshot(job, new Date().toISOString()),
    job,
  );
  notePoll(taskId, appended);
  // Only the tab whose write appended the change announces it, so two open tabs toast once.
  if (appended && transitionNotice(previous, job.status)) onTransition(job);
}

function notify(tracked: TrackedJob | undefined, job: TrainingJob, open: () => void) {
  const title = `${tracked ? kindLabels[tracked.kind] : 'Job'} ${job.name} ${job.status}`;
  const description =
    job.status === 'failed'
      ? job.error
        ? describeErrorDetail(job.error).message
        : 'The job failed without a reason.'
      : job.total_cost !== undefined
        ? `Total cost $${job.total_cost.toFixed(2)}`
        : undefined;
  const options = { description, action: { label: 'Open', onClick: open }, duration: 10_000 };
  if (job.status === 'failed') toast.error(title, options);
  else toast.success(title, options);

  // The page already shows the toast to someone looking at it; the system notice is for when
  // the window is in the background.
  if (browserNotificationsEnabled() && !document.hasFocus()) {
    const notice = new Notification(title, { body: description, tag: job.task_id });
    notice.onclick = () => {
      window.focus();
      open();
    };
  }
}
