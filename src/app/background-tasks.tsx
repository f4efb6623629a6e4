import { JobWatcher } from '../features/jobs/job-watcher';
import { QueryProvider } from '../lib/query-provider';

/** What runs on every page without drawing it: the watcher that polls running training jobs. */
export function BackgroundTasks({ onOpenJob }: { onOpenJob: (taskId: string) => void }) {
  return (
    <QueryProvider>
      <JobWatcher onOpen={onOpenJob} />
    </QueryProvider>
  );
}
