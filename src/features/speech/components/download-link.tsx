import { useObjectUrl } from '../use-object-url';

const linkClass =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-zinc-300 bg-white px-3 py-1.5 md:min-h-0 text-sm font-medium text-zinc-800 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800';

/** Saves audio under a chosen name: a Blob through an object URL, or a same-origin media URL. */
export function DownloadLink({
  source,
  fileName,
  label = 'Download',
}: {
  source: Blob | string;
  fileName: string;
  label?: string;
}) {
  const objectUrl = useObjectUrl(typeof source === 'string' ? null : source);
  const href = typeof source === 'string' ? source : objectUrl;
  if (!href) return null;
  return (
    <a href={href} download={fileName} className={linkClass} title={fileName}>
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
        <path d="M10 3a.75.75 0 0 1 .75.75v7.69l2.47-2.47a.75.75 0 1 1 1.06 1.06l-3.75 3.75a.75.75 0 0 1-1.06 0L5.72 10.03a.75.75 0 0 1 1.06-1.06l2.47 2.47V3.75A.75.75 0 0 1 10 3ZM3.75 15a.75.75 0 0 0 0 1.5h12.5a.75.75 0 0 0 0-1.5H3.75Z" />
      </svg>
      {label}
    </a>
  );
}
