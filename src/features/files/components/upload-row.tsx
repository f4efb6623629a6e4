import { Button } from '../../../components/button';
import { CopyButton } from '../../../components/copy-button';
import { formatBytes } from '../../../lib/format-duration';
import type { FilePurpose } from '../../../api/contract/files';
import { canEditPurpose, percentOf, type QueueItem, type UploadStatus } from '../upload-queue';
import { ProgressBar } from './progress-bar';
import { PurposeSelect } from './purpose-select';

export interface UploadRowActions {
  setPurpose: (id: string, purpose: FilePurpose) => void;
  start: (id: string) => void;
  cancel: (id: string) => void;
  retry: (id: string) => void;
  remove: (id: string) => void;
}

const statusText: Record<UploadStatus, string> = {
  ready: 'Ready',
  queued: 'Waiting…',
  uploading: 'Uploading…',
  done: 'Uploaded',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

const statusClass: Record<UploadStatus, string> = {
  ready: 'text-zinc-600 dark:text-zinc-400',
  queued: 'text-zinc-600 dark:text-zinc-400',
  uploading: 'text-brand-700 dark:text-brand-300',
  done: 'text-emerald-700 dark:text-emerald-400',
  failed: 'text-red-700 dark:text-red-400',
  cancelled: 'text-amber-700 dark:text-amber-400',
};

const small = 'px-3 py-1 text-xs';

export function UploadRow({ item, actions }: { item: QueueItem; actions: UploadRowActions }) {
  const name = item.file.name;
  const percent = percentOf(item);
  // The multipart body is a little larger than the file: show the file's bytes, scaled.
  const sent = Math.round((percent / 100) * item.file.size);
  const tone =
    item.status === 'done'
      ? 'success'
      : item.status === 'failed'
        ? 'error'
        : item.status === 'cancelled'
          ? 'muted'
          : 'brand';

  return (
    <li className="space-y-2 py-3" aria-label={name}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <span className="min-w-0 flex-1 truncate font-medium" title={name}>
          {name}
        </span>
        <span className="text-xs text-zinc-500 tabular-nums dark:text-zinc-400">
          {formatBytes(item.file.size)}
        </span>
        <PurposeSelect
          label={`Purpose of ${name}`}
          value={item.purpose}
          disabled={!canEditPurpose(item)}
          onChange={(purpose) => actions.setPurpose(item.id, purpose)}
        />
        <span className={`w-24 text-xs font-medium ${statusClass[item.status]}`}>
          {statusText[item.status]}
        </span>
        <span className="flex gap-2">
          {item.status === 'ready' && (
            <Button className={small} onClick={() => actions.start(item.id)}>
              Upload<span className="sr-only"> {name}</span>
            </Button>
          )}
          {(item.status === 'queued' || item.status === 'uploading') && (
            <Button variant="secondary" className={small} onClick={() => actions.cancel(item.id)}>
              Cancel<span className="sr-only"> upload of {name}</span>
            </Button>
          )}
          {(item.status === 'failed' || item.status === 'cancelled') && (
            <Button className={small} onClick={() => actions.retry(item.id)}>
              Retry<span className="sr-only"> upload of {name}</span>
            </Button>
          )}
          {(item.status === 'ready' ||
            item.status === 'failed' ||
            item.status === 'cancelled' ||
            item.status === 'done') && (
            <Button variant="secondary" className={small} onClick={() => actions.remove(item.id)}>
              {item.status === 'done' ? 'Dismiss' : 'Remove'}
              <span className="sr-only"> {name} from the queue</span>
            </Button>
          )}
        </span>
      </div>
      {item.status !== 'ready' && (
        <ProgressBar
          label={`Upload of ${name}`}
          percent={percent}
          sentBytes={sent}
          totalBytes={item.file.size}
          tone={tone}
        />
      )}
      {item.status === 'done' && item.result && (
        <p className="flex flex-wrap items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
          File ID <code className="min-w-0 break-all select-all">{item.result.file_id}</code>
          <CopyButton value={item.result.file_id} label={`file ID of ${name}`} />
        </p>
      )}
      {item.status === 'failed' && item.error && (
        <div
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-xs text-red-900 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-100"
        >
          <p className="break-words">{item.error.message}</p>
          <p className="mt-1 text-red-700 dark:text-red-300">
            Code <code>{item.error.code}</code>
            {item.error.status !== null && <> · HTTP {item.error.status}</>}
          </p>
        </div>
      )}
    </li>
  );
}
