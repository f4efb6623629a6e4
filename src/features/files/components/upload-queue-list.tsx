import { Button } from '../../../components/button';
import type { QueueItem } from '../upload-queue';
import { UploadRow, type UploadRowActions } from './upload-row';

/** The files chosen in this visit, from "ready" to uploaded. */
export function UploadQueueList({
  items,
  actions,
}: {
  items: QueueItem[];
  actions: UploadRowActions & { startAll: () => void; clearFinished: () => void };
}) {
  if (items.length === 0) return null;
  const ready = items.filter((item) => item.status === 'ready').length;
  const finished = items.filter((item) => item.status === 'done').length;
  return (
    <div className="mt-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">Upload queue</h3>
        <div className="flex gap-2">
          {finished > 0 && (
            <Button
              variant="secondary"
              className="px-3 py-1 text-xs"
              onClick={actions.clearFinished}
            >
              Clear uploaded
            </Button>
          )}
          {ready > 0 && (
            <Button className="px-3 py-1 text-xs" onClick={actions.startAll}>
              {ready === 1 ? 'Upload 1 file' : `Upload ${ready} files`}
            </Button>
          )}
        </div>
      </div>
      <ul aria-label="Upload queue" className="divide-y divide-zinc-200 dark:divide-zinc-800">
        {items.map((item) => (
          <UploadRow key={item.id} item={item} actions={actions} />
        ))}
      </ul>
    </div>
  );
}
