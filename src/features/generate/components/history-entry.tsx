import { CopyButton } from '../../../components/copy-button';
import { CopyCurlButton } from '../../../components/copy-curl-button';
import { StartedBy } from '../../../components/started-by';
import { extractMedia } from '../extract-media';
import { OtherLinks } from './other-links';
import type { GenerationEntry } from '../history-store';
import { confirmSharedRemoval } from '../../../lib/shared-removal';
import { once } from '../../../lib/once';

interface HistoryEntryProps {
  entry: GenerationEntry;
  selected: boolean;
  curl: string;
  onShow: (entry: GenerationEntry) => void;
  onReuse: (entry: GenerationEntry) => void;
  /** Absent when the viewer may not remove the entry (someone else made it): no Remove then. */
  onRemove?: (entry: GenerationEntry) => void;
  removing: boolean;
  /** Gateway mode: the entry is in everyone's history, so removing it removes it for all. */
  shared: boolean;
}

const timeFormat = once(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
);
const linkButton =
  'min-h-11 rounded-md px-2 py-1 text-xs font-medium md:min-h-0 text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 disabled:opacity-60 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-zinc-100';

/** One generation: what was asked, what came back, and ways to go on. */
export function HistoryEntryItem({
  entry,
  selected,
  curl,
  onShow,
  onReuse,
  onRemove,
  removing,
  shared,
}: HistoryEntryProps) {
  const { request, outcome } = entry;
  const media = outcome.status === 'succeeded' ? extractMedia(outcome.data).media : [];
  const thumbnails = media
    .filter((item) => item.kind === 'image' || item.kind === 'video')
    .slice(0, 4);
  const traceId = outcome.status === 'succeeded' ? outcome.traceId : outcome.error.traceId;
  const titleId = `generation-${entry.id}`;
  return (
    <li
      aria-labelledby={titleId}
      className={`rounded-xl border p-3 ${selected ? 'border-brand-500 ring-1 ring-brand-500' : 'border-zinc-200 dark:border-zinc-800'}`}
    >
      <div className="flex gap-3">
        {thumbnails.length > 0 && (
          <div
            className={`grid shrink-0 gap-1 ${thumbnails.length > 1 ? 'grid-cols-2' : ''}`}
            aria-hidden="true"
          >
            {thumbnails.map((item) =>
              item.kind === 'image' ? (
                <img
                  key={item.url}
                  src={item.url}
                  alt=""
                  loading="lazy"
                  className={`${thumbnails.length > 1 ? 'size-12' : 'size-24'} rounded bg-zinc-100 object-cover dark:bg-zinc-800`}
                />
              ) : (
                <video
                  key={item.url}
                  src={item.url}
                  muted
                  preload="metadata"
                  className={`${thumbnails.length > 1 ? 'size-12' : 'size-24'} rounded bg-zinc-100 object-cover dark:bg-zinc-800`}
                />
              ),
            )}
          </div>
        )}
        <div className="min-w-0 flex-1">
          <p id={titleId} className="line-clamp-2 text-sm font-medium break-words">
            {request.prompt}
          </p>
          <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-zinc-500 dark:text-zinc-400">
            <code className="rounded bg-zinc-100 px-1.5 py-0.5 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200">
              {request.tool}
            </code>
            <time dateTime={entry.created_at}>
              {timeFormat().format(new Date(entry.created_at))}
            </time>
            {entry.source === 'client' && (
              <span
                className="rounded bg-zinc-100 px-1.5 py-0.5 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300"
                title="Sent to the gateway by another program, such as curl or a script"
              >
                From another client
              </span>
            )}
            <StartedBy starter={entry.startedBy} inline />
            {outcome.status === 'succeeded' ? (
              <span>
                {media.length} {media.length === 1 ? 'output' : 'outputs'}
                {outcome.elapsedMs !== null && ` in ${(outcome.elapsedMs / 1000).toFixed(1)} s`}
              </span>
            ) : (
              <span className="font-medium text-red-700 dark:text-red-400">Failed</span>
            )}
          </p>
          {outcome.status === 'failed' && (
            <p className="mt-1 text-xs break-words text-red-700 dark:text-red-400">
              <code>{outcome.error.code}</code>: {outcome.error.message}
            </p>
          )}
          {request.parameters && (
            <details className="mt-1 text-xs">
              <summary className="cursor-pointer text-zinc-600 dark:text-zinc-400">
                Parameters
              </summary>
              <pre className="mt-1 max-h-40 overflow-auto rounded bg-zinc-50 p-2 dark:bg-zinc-950">
                {JSON.stringify(request.parameters, null, 2)}
              </pre>
            </details>
          )}
          {media.length > 0 && (
            <details className="mt-1 text-xs">
              <summary className="cursor-pointer text-zinc-600 dark:text-zinc-400">
                Result URLs
              </summary>
              <OtherLinks links={media} compact />
            </details>
          )}
          {traceId && (
            <p className="mt-1 flex flex-wrap items-center gap-1 text-xs text-zinc-500 dark:text-zinc-400">
              Trace ID <code className="min-w-0 break-all select-all">{traceId}</code>
              <CopyButton value={traceId} label={`trace ID ${traceId}`} />
            </p>
          )}
        </div>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-1">
        {outcome.status === 'succeeded' && (
          <button
            type="button"
            className={linkButton}
            aria-pressed={selected}
            onClick={() => onShow(entry)}
          >
            Show result
          </button>
        )}
        <button type="button" className={linkButton} onClick={() => onReuse(entry)}>
          Reuse these settings
        </button>
        {onRemove && (
          <button
            type="button"
            className={linkButton}
            disabled={removing}
            title={
              shared
                ? 'Removes it from the history of everyone on this gateway; the files stay with the service'
                : 'Removes it from this browser'
            }
            onClick={() => {
              // Others lose it too: asked first. In this browser only, a slip costs little.
              if (
                !shared ||
                confirmSharedRemoval(
                  `"${request.prompt.slice(0, 80)}"`,
                  'The files stay with the service.',
                )
              )
                onRemove(entry);
            }}
          >
            {shared ? 'Remove for everyone' : 'Remove'}
          </button>
        )}
        <CopyCurlButton command={curl} label="this request" />
      </div>
    </li>
  );
}
