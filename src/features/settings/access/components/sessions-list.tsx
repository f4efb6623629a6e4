import type { AccessSession } from '../../../../api/contract/access';
import { relativeTime } from '../../../../lib/relative-time';
import { summariseUserAgent } from '../user-agent';

interface SessionsListProps {
  sessions: readonly AccessSession[];
  now: number;
  /** The session being signed out, if any. */
  endingId: string | null;
  onEnd: (session: AccessSession) => void;
}

/** Every browser signed in as this person; any but this one can be signed out from here. */
export function SessionsList({ sessions, now, endingId, onEnd }: SessionsListProps) {
  if (sessions.length === 0) {
    return <p className="text-sm text-zinc-600 dark:text-zinc-400">No sessions.</p>;
  }
  // This browser first: the one a person looks for.
  const ordered = [...sessions].sort((a, b) => Number(b.current) - Number(a.current));
  return (
    <ul
      aria-labelledby="access-sessions-title"
      className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
    >
      {ordered.map((session) => {
        const browser = summariseUserAgent(session.user_agent);
        const signedIn = relativeTime(session.created_at, now);
        return (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
            <div className="min-w-0 text-sm">
              <p className="font-medium" title={session.user_agent ?? undefined}>
                {browser}
                {session.current && (
                  <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">
                    This browser
                  </span>
                )}
              </p>
              <p className="text-xs text-zinc-600 dark:text-zinc-400">
                Signed in{' '}
                <time dateTime={session.created_at} title={session.created_at}>
                  {signedIn}
                </time>
                {' · '}Last active{' '}
                <time dateTime={session.last_seen_at} title={session.last_seen_at}>
                  {relativeTime(session.last_seen_at, now)}
                </time>
              </p>
            </div>
            {!session.current && (
              <button
                type="button"
                onClick={() => onEnd(session)}
                disabled={endingId === session.id}
                aria-label={`Sign out ${browser}, signed in ${signedIn}`}
                className="rounded-md px-2 py-1 text-xs font-medium text-red-700 hover:bg-red-50 disabled:opacity-60 max-md:min-h-11 dark:text-red-400 dark:hover:bg-red-950/40"
              >
                {endingId === session.id ? 'Signing out…' : 'Sign out'}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
