import { JobWatcher } from '../features/jobs/job-watcher';
import { ResumeStarts } from '../features/training/starts/resume-starts';
import { QueryProvider } from '../lib/query-provider';
import { HistoryWarningToast } from './history-warning-toast';
import { LocalHistoryImport } from './local-history-import';
import type { AppRouter } from './router';

/**
 * What runs on every page without drawing it: the watcher that follows training jobs, the
 * training starts an earlier page left unfinished, the offer to move this browser's own
 * history into the gateway's, and the warning when the gateway could not record something.
 */
export function BackgroundTasks({ router }: { router: AppRouter }) {
  // They live outside the router's tree, so they navigate through it.
  const onOpenJob = (taskId: string) =>
    void router.navigate({ to: '/jobs/$taskId', params: { taskId } });
  // The Train page, where stopped training starts wait.
  const onOpenDrafts = () => void router.navigate({ to: '/train' });
  return (
    <QueryProvider>
      <JobWatcher onOpen={onOpenJob} />
      <ResumeStarts onOpenJob={onOpenJob} onOpenDrafts={onOpenDrafts} />
      <LocalHistoryImport />
      <HistoryWarningToast />
    </QueryProvider>
  );
}
