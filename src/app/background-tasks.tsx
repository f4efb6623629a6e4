import { JobWatcher } from '../features/jobs/job-watcher';
import { QueryProvider } from '../lib/query-provider';
import { HistoryImportOffer } from './history-import';
import { HistoryWarningToast } from './history-warning-toast';

/**
 * What runs on every page without drawing it: the watcher that follows training jobs, the
 * offer to move this browser's own history into the gateway's, and the warning when the
 * gateway could not record something.
 */
export function BackgroundTasks({ onOpenJob }: { onOpenJob: (taskId: string) => void }) {
  return (
    <QueryProvider>
      <JobWatcher onOpen={onOpenJob} />
      <HistoryImportOffer />
      <HistoryWarningToast />
    </QueryProvider>
  );
}
