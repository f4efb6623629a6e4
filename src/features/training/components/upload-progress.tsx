import clsx from 'clsx';
import { formatBytes } from '../../../lib/format-duration';
import type { UploadState } from '../use-uploads';

/** One upload's progress; it stays at 100 % once done so the user sees it went through. */
export function UploadProgress({ upload }: { upload: UploadState }) {
  const percent = upload.total > 0 ? Math.round((upload.loaded / upload.total) * 100) : 0;
  const shown = upload.status === 'done' ? 100 : Math.min(percent, 99);
  const text =
    upload.status === 'done'
      ? 'Uploaded'
      : upload.status === 'failed'
        ? 'Upload failed'
        : `Uploading ${formatBytes(upload.loaded)} of ${formatBytes(upload.total)}`;
  return (
    <div className="space-y-1">
      <div className="flex justify-between text-xs text-zinc-600 dark:text-zinc-400">
        <span>{text}</span>
        <span className="tabular-nums">{shown} %</span>
      </div>
      <div
        role="progressbar"
        aria-label={`Upload of ${upload.filename}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={shown}
        aria-valuetext={`${shown} %`}
        className="h-1.5 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
      >
        <div
          className={clsx(
            'h-full rounded-full transition-[width]',
            upload.status === 'failed'
              ? 'bg-red-500'
              : upload.status === 'done'
                ? 'bg-emerald-500'
                : 'bg-brand-600',
          )}
          style={{ width: `${shown}%` }}
        />
      </div>
    </div>
  );
}
