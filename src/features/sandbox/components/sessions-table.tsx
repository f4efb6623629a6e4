import clsx from 'clsx';
import { shownFirst } from '../../../api/contract/history-groups';
import { CopyButton } from '../../../components/copy-button';
import { CopyCurlButton } from '../../../components/copy-curl-button';
import { ShowMoreButton } from '../../../components/show-more-button';
import { StartedBy } from '../../../components/started-by';
import { canRemove, type Viewer } from '../../../lib/history-starter';
import { relativeTime } from '../../../lib/relative-time';
import { useShowMore } from '../../../lib/use-show-more';
import { languageLabels } from '../sandbox-form-values';
import type { SessionRow } from '../session-row';
import { confirmSharedRemoval } from '../../../lib/shared-removal';

interface SessionsTableProps {
  /** Newest first. */
  sessions: readonly SessionRow[];
  /** Milliseconds since the epoch, for the "Created" column. */
  now: number;
  /** The request that created a session, as curl. */
  curlFor: (session: SessionRow) => string;
  onForget: (sandboxId: string) => void;
  forgettingId: string | null;
  /** Gateway mode: everyone's sandboxes, so a row is removed for everyone. */
  shared: boolean;
  /** Who is looking: a row they may not remove shows no Remove (null: anyone may). */
  viewer: Viewer;
  /** Rows of the shared history not read yet, offered by "Show more" already. */
  unread?: number;
}

/**
 * Rows drawn at first, and added per "Show more": a shared history can hold thousands. The
 * gateway draws the page with as many.
 */
const rowsStep = shownFirst.sandbox;

const labelOf = (language: string) =>
  (languageLabels as Record<string, string | undefined>)[language] ?? (language || 'unknown');

/** A status as a word (never colour alone); only `ready` is known, others show as they came. */
function SessionStatus({ status }: { status: string }) {
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        status === 'ready'
          ? 'bg-emerald-50 text-emerald-800 ring-emerald-200 dark:bg-emerald-950/60 dark:text-emerald-200 dark:ring-emerald-800'
          : 'bg-zinc-50 text-zinc-700 ring-zinc-300 dark:bg-zinc-900 dark:text-zinc-300 dark:ring-zinc-700',
      )}
    >
      {status}
    </span>
  );
}

export function SessionsTable({
  sessions,
  now,
  curlFor,
  onForget,
  forgettingId,
  shared,
  viewer,
  unread,
}: SessionsTableProps) {
  const { shown, hidden, showMore } = useShowMore(sessions, rowsStep, { unread });
  if (sessions.length === 0) {
    return (
      <p className="text-sm text-zinc-500 dark:text-zinc-400">
        {shared
          ? 'No sandboxes created through this gateway yet. Each one created from any browser or client is listed here, newest first.'
          : 'No sandboxes created from this browser yet. Each one you create is listed here, newest first.'}
      </p>
    );
  }
  return (
    <>
      <div className="relative overflow-x-auto rounded-xl border border-zinc-200 dark:border-zinc-800">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">
            {shared ? 'Sandboxes on this gateway' : 'Your sandboxes'}
          </caption>
          <thead className="border-b border-zinc-200 text-xs text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
            <tr>
              <th className="px-4 py-2 font-medium">Sandbox ID</th>
              <th className="px-4 py-2 font-medium">Language</th>
              <th className="px-4 py-2 font-medium">Packages</th>
              <th className="px-4 py-2 font-medium">Status</th>
              <th className="px-4 py-2 font-medium">Created</th>
              <th className="px-4 py-2 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {shown.map((session) => (
              <tr key={session.sandbox_id} className="align-top">
                <td className="px-4 py-2 whitespace-nowrap">
                  <code className="font-mono text-xs">{session.sandbox_id}</code>{' '}
                  <CopyButton
                    value={session.sandbox_id}
                    label={`sandbox ID ${session.sandbox_id}`}
                  />
                  {session.source === 'client' && (
                    <span
                      className="mt-1 block text-xs text-zinc-500 dark:text-zinc-400"
                      title="Sent to the gateway by another program, such as curl or a script"
                    >
                      From another client
                    </span>
                  )}
                </td>
                <td className="px-4 py-2">{labelOf(session.language)}</td>
                <td className="min-w-32 px-4 py-2 font-mono text-xs break-words">
                  {session.packages.length > 0 ? (
                    session.packages.join(', ')
                  ) : (
                    <span className="font-sans text-zinc-500 dark:text-zinc-400">none</span>
                  )}
                </td>
                <td className="px-4 py-2">
                  <SessionStatus status={session.status} />
                  {session.error && (
                    <p className="mt-1 text-xs break-words text-red-700 dark:text-red-400">
                      {session.error}
                    </p>
                  )}
                </td>
                <td className="px-4 py-2 whitespace-nowrap text-zinc-600 dark:text-zinc-400">
                  <time dateTime={session.created_at} title={session.created_at}>
                    {relativeTime(session.created_at, now)}
                  </time>
                  <StartedBy starter={session.startedBy} />
                </td>
                <td className="px-4 py-2">
                  {/* A fixed width: an opened command scrolls inside it instead of widening the table. */}
                  <div className="flex w-56 items-start gap-2">
                    <div className="min-w-0 flex-1">
                      <CopyCurlButton
                        command={curlFor(session)}
                        label={`request for ${session.sandbox_id}`}
                      />
                    </div>
                    {canRemove(session.startedBy, viewer) && (
                      <button
                        type="button"
                        onClick={() => {
                          // Others lose the row too: asked first. In this browser only, a slip costs little.
                          if (
                            !shared ||
                            confirmSharedRemoval(session.sandbox_id, 'The sandbox itself is kept.')
                          ) {
                            onForget(session.sandbox_id);
                          }
                        }}
                        disabled={forgettingId === session.sandbox_id}
                        aria-label={
                          shared
                            ? `Remove ${session.sandbox_id} for everyone`
                            : `Forget ${session.sandbox_id}`
                        }
                        title={
                          shared
                            ? 'Remove from the history of everyone on this gateway; the sandbox itself is kept'
                            : 'Remove from this browser; the sandbox itself is kept'
                        }
                        className="rounded-md px-2 py-1 text-xs font-medium text-red-700 hover:bg-red-50 max-md:min-h-11 disabled:opacity-60 dark:text-red-400 dark:hover:bg-red-950/40"
                      >
                        {shared ? 'Remove' : 'Forget'}
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ShowMoreButton hidden={hidden} step={rowsStep} what="sandboxes" onShowMore={showMore} />
    </>
  );
}
