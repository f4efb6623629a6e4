import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import type { AccessMe, CreatedAccessToken } from '../../../api/contract/access';
import { Card } from '../../../components/card';
import { ErrorView } from '../../../components/error-view';
import { accessMeQuery } from '../../../lib/access-me';
import { toast } from '../../../lib/toast';
import { useNow } from '../../../lib/use-now';
import { SessionsList } from './components/sessions-list';
import { SignedInAs } from './components/signed-in-as';
import { newTokenDialog } from './components/token-dialogs';
import { TokenForm } from './components/token-form';
import { TokensList } from './components/tokens-list';
import { summariseUserAgent } from './user-agent';
import {
  accessQueries,
  useCreateAccessToken,
  useEndSession,
  useRevokeAccessToken,
} from './queries';

/** Settings → Access, in gateway mode: who is signed in, their sessions and their tokens. */
export function AccessSettings() {
  const me = useQuery(accessMeQuery());
  return (
    <Card
      labelledBy="access-title"
      title="Access"
      description="Who is signed in to this gateway, and the tokens scripts use."
    >
      {me.isPending ? (
        <p role="status" className="text-sm text-zinc-500">
          Reading who is signed in…
        </p>
      ) : me.error ? (
        <ErrorView
          title="Who is signed in could not be read"
          error={me.error}
          onRetry={() => void me.refetch()}
        />
      ) : (
        <SignedInAccess me={me.data} />
      )}
    </Card>
  );
}

function SignedInAccess({ me }: { me: AccessMe }) {
  if (me.mode === 'open' || !me.user) {
    return (
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        Sign-in is off: this gateway serves this computer only. To share it, turn sign-in on on the
        server with <code>GATEWAY_PASSWORD</code> or <code>OIDC_ISSUER</code> (see{' '}
        <code>docs/deploying.md</code>).
      </p>
    );
  }
  return (
    <div className="space-y-6">
      <SignedInAs user={me.user} />
      <Sessions />
      <Tokens />
    </div>
  );
}

// A minute is fine enough for "signed in 5 min ago".
const clockMs = 60_000;

function Sessions() {
  const sessions = useQuery(accessQueries.sessions());
  const end = useEndSession();
  const now = useNow(clockMs);
  return (
    <section aria-labelledby="access-sessions-title" className="space-y-2">
      <h3 id="access-sessions-title" className="text-sm font-semibold">
        Sessions
      </h3>
      {sessions.isPending ? (
        <p role="status" className="text-sm text-zinc-500">
          Reading the sessions…
        </p>
      ) : sessions.error ? (
        <ErrorView
          title="The sessions could not be read"
          error={sessions.error}
          onRetry={() => void sessions.refetch()}
        />
      ) : (
        <SessionsList
          sessions={sessions.data}
          now={now}
          endingId={end.isPending ? (end.variables ?? null) : null}
          onEnd={(session) => {
            const browser = summariseUserAgent(session.user_agent);
            end.mutate(session.id, {
              onSuccess: () => toast.success(`Signed out ${browser}`),
              onError: (error) => toast.error(`Could not sign out ${browser}: ${error.message}`),
            });
          }}
        />
      )}
    </section>
  );
}

function Tokens() {
  const tokens = useQuery(accessQueries.tokens());
  const create = useCreateAccessToken();
  const revoke = useRevokeAccessToken();
  const now = useNow(clockMs);
  const [created, setCreated] = useState<CreatedAccessToken | null>(null);
  return (
    <section
      aria-labelledby="access-tokens-title"
      className="space-y-3"
      // Fetched once a pointer or the focus reaches the tokens, well before one is made: its
      // secret should not wait for a download, and a visit that never comes near does not fetch it.
      onPointerEnter={newTokenDialog.preload}
      onFocus={newTokenDialog.preload}
    >
      <h3 id="access-tokens-title" className="text-sm font-semibold">
        Personal access tokens
      </h3>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        For scripts: send a token as <code>Authorization: Bearer {'<token>'}</code> to this
        gateway’s <code>/api/v1</code>. The gateway then calls the service with its own key; the
        token never leaves the gateway. A token acts for you until it is revoked.
      </p>
      <TokenForm
        creating={create.isPending}
        error={create.error}
        onCreate={(values) =>
          create.mutateAsync(values).then((token) => {
            setCreated(token);
            toast.success(`Token “${token.name}” created`);
          })
        }
      />
      {tokens.isPending ? (
        <p role="status" className="text-sm text-zinc-500">
          Reading the tokens…
        </p>
      ) : tokens.error ? (
        <ErrorView
          title="The tokens could not be read"
          error={tokens.error}
          onRetry={() => void tokens.refetch()}
        />
      ) : (
        <TokensList
          tokens={tokens.data}
          now={now}
          revokingId={revoke.isPending ? (revoke.variables ?? null) : null}
          onRevoke={(token) =>
            revoke.mutate(token.id, {
              onSuccess: () => toast.success(`Token “${token.name}” revoked`),
              onError: (error) => toast.error(`Could not revoke “${token.name}”: ${error.message}`),
            })
          }
        />
      )}
      {created && (
        <Suspense fallback={null}>
          <newTokenDialog.Component token={created} onClose={() => setCreated(null)} />
        </Suspense>
      )}
    </section>
  );
}
