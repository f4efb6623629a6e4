import clsx from 'clsx';
import type { MediaItem } from '../extract-media';

/**
 * A Download link for one output. `download` only works for same-origin URLs; for a CDN URL
 * the browser opens the file instead, so it does that in a new tab rather than leaving the
 * page (and its result) behind.
 */
export function DownloadLink({
  item,
  name,
  fileName,
  className,
}: {
  item: MediaItem;
  /** Accessible name after "Download", e.g. "Image generation image 2". */
  name: string;
  /** From downloadName(). */
  fileName: string;
  className?: string;
}) {
  return (
    <a
      href={item.url}
      download={fileName}
      target="_blank"
      rel="noreferrer"
      aria-label={`Download ${name}`}
      className={clsx(
        'inline-flex h-7 shrink-0 items-center gap-1 rounded-md px-2 text-xs font-medium text-zinc-700 hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800',
        className,
      )}
    >
      <svg aria-hidden="true" viewBox="0 0 16 16" fill="currentColor" className="size-3.5">
        <path d="M8.75 2.75a.75.75 0 0 0-1.5 0v5.69L5.28 6.47a.75.75 0 0 0-1.06 1.06l3.25 3.25a.75.75 0 0 0 1.06 0l3.25-3.25a.75.75 0 0 0-1.06-1.06L8.75 8.44V2.75Z" />
        <path d="M3.5 9.75a.75.75 0 0 0-1.5 0v1.5A2.75 2.75 0 0 0 4.75 14h6.5A2.75 2.75 0 0 0 14 11.25v-1.5a.75.75 0 0 0-1.5 0v1.5c0 .69-.56 1.25-1.25 1.25h-6.5c-.69 0-1.25-.56-1.25-1.25v-1.5Z" />
      </svg>
      Download
    </a>
  );
}
