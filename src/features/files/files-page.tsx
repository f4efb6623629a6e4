import { useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Card } from '../../components/card';
import { ErrorView } from '../../components/error-view';
import { PageShell } from '../../components/page-shell';
import { DropZone } from './components/drop-zone';
import type { PreviewState } from './components/file-preview';
import { NoUploads, UploadsSkeleton } from './components/list-states';
import { UploadQueueList } from './components/upload-queue-list';
import { UploadedFilesList } from './components/uploaded-files-list';
import { fileQueries, useRemoveUpload } from './queries';
import { useUploadQueue } from './use-upload-queue';

export function FilesPage() {
  const queue = useUploadQueue();
  const uploads = useQuery(fileQueries.local());
  const remove = useRemoveUpload();
  // Previews load on demand: nothing is fetched for a file until its preview is opened.
  const [openPreviews, setOpenPreviews] = useState<string[]>([]);
  const details = useQueries({ queries: openPreviews.map((id) => fileQueries.detail(id)) });

  const previews: Record<string, PreviewState> = {};
  openPreviews.forEach((id, index) => {
    const detail = details[index]!;
    previews[id] = {
      file: detail.data,
      error: detail.error,
      loading: detail.isPending,
      retry: () => void detail.refetch(),
    };
  });

  const togglePreview = (id: string) =>
    setOpenPreviews((open) => (open.includes(id) ? open.filter((o) => o !== id) : [...open, id]));

  const removeUpload = (id: string) => {
    setOpenPreviews((open) => open.filter((o) => o !== id));
    remove.mutate(id, {
      onError: (error) => toast.error(`Could not remove the file from the list: ${error.message}`),
    });
  };

  const count = uploads.data?.length;

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

        <Card
          title={count ? `Uploaded from this browser (${count})` : 'Uploaded from this browser'}
          labelledBy="uploads-title"
          description="Kept in this browser only: the service has no list of your files."
        >
          {uploads.isPending ? (
            <UploadsSkeleton />
          ) : uploads.isError ? (
            <ErrorView
              error={uploads.error}
              title="Could not read the list of uploads"
              onRetry={() => void uploads.refetch()}
            />
          ) : uploads.data.length === 0 ? (
            <NoUploads />
          ) : (
            <UploadedFilesList
              uploads={uploads.data}
              previews={previews}
              onTogglePreview={togglePreview}
              onRemove={removeUpload}
              removingId={remove.isPending ? (remove.variables ?? null) : null}
            />
          )}
        </Card>
      </div>
    </PageShell>
  );
}
