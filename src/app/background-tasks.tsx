import { JobWatcher } from '../features/jobs/job-watcher';
import { QueryProvider } from '../lib/query-provider';
import { HistoryImportOffer } from './history-import';

/**
 * What runs on every page without drawing it: the watcher that follows training jobs, and
 * the offer to move this browser's own history into the gateway's.
 */
export function BackgroundTasks({ onOpenJob }: { onOpenJob: (taskId: string) => void }) {
  return (
    <QueryProvider>
      <JobWatcher onOpen={onOpenJob} />
      <HistoryImportOffer />
    </QueryProvider>
  );
}
