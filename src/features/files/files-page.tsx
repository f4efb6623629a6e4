import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { Card } from '../../components/card';
import { PageShell } from '../../components/page-shell';
import { readConnection } from '../../lib/connection-settings';
import { DropZone } from './components/drop-zone';
import { UploadQueueList } from './components/upload-queue-list';
import type { FilesSearch } from './search';
import { LocalUploadedFiles, SharedUploadedFiles } from './uploaded-files';
import { useUploadQueue } from './use-upload-queue';
import { pageMeta } from '../../lib/page-meta';

const route = getRouteApi('/data/files');

export function FilesPage() {
  const queue = useUploadQueue();
  const { q, purpose, source } = route.useSearch();
  const navigate = route.useNavigate();
  // Typing a search replaces the entry rather than adding one per keystroke to Back.
  const filter = useMemo(
    () => ({
      filter: { q, purpose, source },
      onFilterChange: (patch: Partial<FilesSearch>) =>
        void navigate({ search: (prev) => ({ ...prev, ...patch }), replace: true }),
    }),
    [navigate, q, purpose, source],
  );
  // Behind the gateway the list is everyone's uploads; directly, only this browser's own.
  const UploadedFiles =
    readConnection().mode === 'gateway' ? SharedUploadedFiles : LocalUploadedFiles;

  return (
    <PageShell title={pageMeta.files.heading} description={pageMeta.files.summary}>
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
        <UploadedFiles {...filter} />
      </div>
    </PageShell>
  );
}
