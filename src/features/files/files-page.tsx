import { Card } from '../../components/card';
import { PageShell } from '../../components/page-shell';
import { readConnection } from '../../lib/connection-settings';
import { DropZone } from './components/drop-zone';
import { UploadQueueList } from './components/upload-queue-list';
import { LocalUploadedFiles, SharedUploadedFiles } from './uploaded-files';
import { useUploadQueue } from './use-upload-queue';

export function FilesPage() {
  const queue = useUploadQueue();
  // Behind the gateway the list is everyone's uploads; directly, only this browser's own.
  const UploadedFiles =
    readConnection().mode === 'gateway' ? SharedUploadedFiles : LocalUploadedFiles;

  return (
    <PageShell title="Files" description="Upload files for use as inputs and training datasets.">
      <div className="space-y-6">
        <Card
          title="Upload"
          labelledBy="upload-title"
          description="Several files at once. Each upload can be cancelled, and retried if it fails."
        >
          <DropZone onFiles={queue.actions.add} />
          <UploadQueueList items={queue.items} actions={queue.actions} />
          {/* Always rendered: a live region must exist before its text changes to be announced. */}
          <p role="status" aria-live="polite" className="sr-only">
            {queue.announcement}
          </p>
        </Card>
        <UploadedFiles />
      </div>
    </PageShell>
  );
}
