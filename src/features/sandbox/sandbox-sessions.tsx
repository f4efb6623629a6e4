import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useViewer } from '../../lib/access-me';
import { toast } from '../../lib/toast';
import { Card } from '../../components/card';
import { ErrorView } from '../../components/error-view';
import { HistoryWarning } from '../../components/history-warning';
import { readConnection } from '../../lib/connection-settings';
import { useNow } from '../../lib/use-now';
import { FilteredSessions } from './components/filtered-sessions';
import { sandboxQueries, useForgetSandbox } from './queries';
import type { SandboxSearch } from './search';
import { rowFromSession, type SessionRow } from './session-row';
import { useRemoveSharedSession, useSharedSessions } from './shared-sessions';
import { refreshHistory } from '../../lib/server-history';

// "2 min ago" needs no finer step than this.
const clockMs = 30_000;

interface SandboxSessionsProps {
  /** The request that created a row, as curl. */
  curlFor: (session: SessionRow) => string;
  /** The search and language filter from the URL; the same in either mode. */
  search: SandboxSearch;
  onSearch: (patch: SandboxSearch) => void;
}

/**
 * The sandboxes below the form: the gateway's, shared by everyone, in gateway mode; this
 * browser's own in direct mode. Two components, so a mode change swaps their hooks whole.
 */
export function SandboxSessions(props: SandboxSessionsProps) {
  return readConnection().mode === 'gateway' ? (
    <SharedSessions {...props} />
  ) : (
    <LocalSessions {...props} />
  );
}

function LocalSessions({ curlFor, search, onSearch }: SandboxSessionsProps) {
  const sessions = useQuery(sandboxQueries.sessions());
  const forget = useForgetSandbox();
  const now = useNow(clockMs);
  const rows = useMemo(() => sessions.data?.map(rowFromSession), [sessions.data]);
  const count = rows?.length;
  return (
    <Card
      title={count ? `Sandboxes from this browser (${count})` : 'Sandboxes from this browser'}
      labelledBy="sandbox-sessions-title"
      description="Kept in this browser only. Forget removes a row from this browser: the sandbox itself is kept."
    >
      {sessions.isPending ? (
        <p className="text-sm text-zinc-500">Loading sandboxes…</p>
      ) : sessions.isError ? (
        <ErrorView
          title="Could not read the sandboxes kept in this browser"
          error={sessions.error}
          onRetry={() => void sessions.refetch()}
        />
      ) : (
        <FilteredSessions
          search={search}
          onSearch={onSearch}
          sessions={rows ?? []}
          now={now}
          curlFor={curlFor}
          shared={false}
          viewer={null}
          onForget={(sandboxId) =>
            forget.mutate(sandboxId, {
              onError: (error) => toast.error(`Could not forget ${sandboxId}: ${error.message}`),
            })
          }
          forgettingId={forget.isPending ? (forget.variables ?? null) : null}
        />
      )}
    </Card>
  );
}

function SharedSessions({ curlFor, search, onSearch }: SandboxSessionsProps) {
  const { rows, loaded, unread, error, warning } = useSharedSessions();
  const remove = useRemoveSharedSession();
  // On a shared gateway only the person who created a sandbox may remove its row (the gateway
  // refuses others): Remove shows on those only, and on what nobody created signed in.
  const viewer = useViewer(true);
  const now = useNow(clockMs);
  const count = rows.length + unread;
  return (
    <Card
      title={count ? `Sandboxes on this gateway (${count})` : 'Sandboxes on this gateway'}
      labelledBy="sandbox-sessions-title"
      description="Every sandbox created through this gateway, from any browser or client, updated live. Remove takes a row out of everyone's history: the sandbox itself is kept."
    >
      <HistoryWarning message={warning} />
      {!loaded ? (
        <p className="text-sm text-zinc-500">Loading sandboxes…</p>
      ) : error && count === 0 ? (
        <ErrorView
          title="Could not read the gateway's sandboxes"
          error={error}
          onRetry={() => void refreshHistory('sandbox')}
        />
      ) : (
        <FilteredSessions
          search={search}
          onSearch={onSearch}
          sessions={rows}
          unread={unread}
          now={now}
          curlFor={curlFor}
          shared
          viewer={viewer}
          onForget={(sandboxId) =>
            remove.mutate(sandboxId, {
              onError: (failure) =>
                toast.error(`Could not remove ${sandboxId}: ${failure.message}`),
            })
          }
          forgettingId={remove.isPending ? (remove.variables ?? null) : null}
        />
      )}
    </Card>
  );
}
