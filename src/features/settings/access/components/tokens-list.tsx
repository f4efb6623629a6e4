import { Suspense, useState } from 'react';
import type { AccessToken } from '../../../../api/contract/access';
import { relativeTime } from '../../../../lib/relative-time';
import { revokeTokenDialog } from './token-dialogs';

const hourMs = 60 * 60_000;
const dayMs = 24 * hourMs;

/** "Expires in 29 days", "Never expires" or "Expired": whether a script using it will keep working. */
function expiryText(expiresAt: string | null, now: number): string {
  if (expiresAt === null) return 'Never expires';
  const left = Date.parse(expiresAt) - now;
  if (!(left > 0)) return 'Expired';
  if (left < hourMs) return `Expires in ${Math.max(1, Math.floor(left / 60_000))} min`;
  if (left < dayMs) return `Expires in ${Math.floor(left / hourMs)} h`;
  const days = Math.floor(left / dayMs);
  return days === 1 ? 'Expires in 1 day' : `Expires in ${days} days`;
}

interface TokensListProps {
  tokens: readonly AccessToken[];
  now: number;
  /** The token being revoked, if any. */
  revokingId: string | null;
  onRevoke: (token: AccessToken) => void;
}

export function TokensList({ tokens, now, revokingId, onRevoke }: TokensListProps) {
  const [confirming, setConfirming] = useState<AccessToken | null>(null);
  if (tokens.length === 0) {
    return <p className="text-sm text-zinc-600 dark:text-zinc-400">No tokens yet.</p>;
  }
  return (
    <>
      <ul
        aria-labelledby="access-tokens-title"
        className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800"
      >
        {tokens.map((token) => (
          <li key={token.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
            <div className="min-w-0 text-sm">
              <p className="font-medium break-words">{token.name}</p>
              <p className="text-xs text-zinc-600 dark:text-zinc-400">
                Created{' '}
                <time dateTime={token.created_at} title={token.created_at}>
                  {relativeTime(token.created_at, now)}
                </time>
                {' · '}
                {token.last_used_at ? (
                  <>
                    Last used{' '}
                    <time dateTime={token.last_used_at} title={token.last_used_at}>
                      {relativeTime(token.last_used_at, now)}
                    </time>
                  </>
                ) : (
                  'Never used'
                )}
                {' · '}
                {token.expires_at ? (
                  <time
                    dateTime={token.expires_at}
                    title={token.expires_at}
                    className={
                      Date.parse(token.expires_at) <= now
                        ? 'font-medium text-red-700 dark:text-red-400'
                        : undefined
                    }
                  >
                    {expiryText(token.expires_at, now)}
                  </time>
                ) : (
                  expiryText(null, now)
                )}
              </p>
            </div>
            <button
              type="button"
              onClick={() => setConfirming(token)}
              onPointerEnter={revokeTokenDialog.preload}
              onFocus={revokeTokenDialog.preload}
              disabled={revokingId === token.id}
              aria-label={`Revoke ${token.name}`}
              className="rounded-md px-2 py-1 text-xs font-medium text-red-700 hover:bg-red-50 disabled:opacity-60 max-md:min-h-11 dark:text-red-400 dark:hover:bg-red-950/40"
            >
              {revokingId === token.id ? 'Revoking…' : 'Revoke'}
            </button>
          </li>
        ))}
      </ul>
      {confirming && (
        <Suspense fallback={null}>
          <revokeTokenDialog.Component
            token={confirming}
            onCancel={() => setConfirming(null)}
            onRevoke={() => {
              setConfirming(null);
              onRevoke(confirming);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
