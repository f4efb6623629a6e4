import { Button } from '../../../components/button';
import { ShowMoreButton } from '../../../components/show-more-button';
import { CopyButton } from '../../../components/copy-button';
import { StartedBy } from '../../../components/started-by';
import { formatBytes } from '../../../lib/format-duration';
import { canRemove, type Viewer } from '../../../lib/history-starter';
import { shownFirst } from '../../../api/contract/history-groups';
import { useShowMore } from '../../../lib/use-show-more';
import { suggestDatasetForm } from '../purpose';
import type { ListedUpload } from '../shared-upload';
import { DatasetMenu } from './dataset-menu';
import { FilePreview, type PreviewState } from './file-preview';
import { confirmSharedRemoval } from '../../../lib/shared-removal';
import { once } from '../../../lib/once';

const dateFormat = once(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
);

function formatDate(iso: string) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat().format(date);
}

/** Files drawn at first, and added by each "Show more"; the gateway draws the page with as many. */
const filesPerPage = shownFirst.upload;

interface ListProps {
  uploads: readonly ListedUpload[];
  /** The gateway's shared list: removing takes a file off it for everyone. */
  shared: boolean;
  /** Present for the files whose preview is open. */
  previews: Record<string, PreviewState>;
  onTogglePreview: (fileId: string) => void;
  onRemove: (fileId: string) => void;
  removingId: string | null;
  /** Who is looking: a file someone else uploaded shows no Remove (the gateway would refuse). */
  viewer: Viewer;
}

export function UploadedFilesList({
  uploads,
  filterKey,
  unread,
  ...row
}: ListProps & {
  /** Changes with the filter: a newly filtered list starts again from its first page. */
  filterKey?: string;
  /** Files of the list not read yet, offered by "Show more" already. */
  unread?: number;
}) {
  const { shown, hidden, showMore } = useShowMore(uploads, filesPerPage, {
    resetKey: filterKey,
    unread,
  });
  return (
    <>
      <ul aria-label="Uploaded files" className="divide-y divide-zinc-200 dark:divide-zinc-800">
        {shown.map((upload) => (
          <UploadedFileRow key={upload.file_id} upload={upload} {...row} />
        ))}
      </ul>
      <ShowMoreButton hidden={hidden} step={filesPerPage} what="files" onShowMore={showMore} />
    </>
  );
}

function UploadedFileRow({
  upload,
  shared,
  previews,
  onTogglePreview,
  onRemove,
  removingId,
  viewer,
}: Omit<ListProps, 'uploads'> & { upload: ListedUpload }) {
  const preview = previews[upload.file_id];
  const previewId = `preview-${upload.file_id}`;
  return (
    <li aria-label={upload.filename} className="py-3">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium" title={upload.filename}>
            {upload.filename}
          </p>
          <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-zinc-600 dark:text-zinc-400">
            <span className="tabular-nums">{formatBytes(upload.size)}</span>
            <span aria-hidden="true">·</span>
            <span className="rounded-md bg-zinc-100 px-1.5 py-0.5 font-mono dark:bg-zinc-800">
              {upload.purpose}
            </span>
            <span aria-hidden="true">·</span>
            <time dateTime={upload.created_at}>{formatDate(upload.created_at)}</time>
            {upload.fromOtherClient && (
              <>
                <span aria-hidden="true">·</span>
                <span className="font-medium">From another client</span>
              </>
            )}
            {upload.startedBy && (
              <>
                <span aria-hidden="true">·</span>
                <StartedBy starter={upload.startedBy} inline />
              </>
            )}
          </p>
          <p className="mt-1 flex items-center gap-1 text-xs text-zinc-600 dark:text-zinc-400">
            <span className="sr-only">File ID</span>
            <code className="select-all break-all">{upload.file_id}</code>
            <CopyButton value={upload.file_id} label={`file ID of ${upload.filename}`} />
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="secondary"
            className="px-3 py-1 text-xs"
            aria-expanded={Boolean(preview)}
            aria-controls={preview ? previewId : undefined}
            onClick={() => onTogglePreview(upload.file_id)}
          >
            {preview ? 'Hide preview' : 'Preview'}
            <span className="sr-only"> of {upload.filename}</span>
          </Button>
          <DatasetMenu
            fileId={upload.file_id}
            filename={upload.filename}
            suggested={suggestDatasetForm(upload)}
          />
          {canRemove(upload.startedBy, viewer) && (
            <Button
              variant="secondary"
              className="px-3 py-1 text-xs"
              disabled={removingId === upload.file_id}
              onClick={() => {
                // Others lose it too: asked first. In this browser only, a slip costs little.
                if (
                  !shared ||
                  confirmSharedRemoval(upload.filename, 'The file stays with the service.')
                )
                  onRemove(upload.file_id);
              }}
            >
              {shared ? (
                <>
                  Remove for everyone<span className="sr-only">: {upload.filename}</span>
                </>
              ) : (
                <>
                  Remove<span className="sr-only"> {upload.filename} from this list</span>
                </>
              )}
            </Button>
          )}
        </div>
      </div>
      {preview && (
        <div id={previewId} className="mt-3">
          <FilePreview
            state={preview}
            filename={upload.filename}
            fallbackType={upload.content_type}
          />
        </div>
      )}
    </li>
  );
}
