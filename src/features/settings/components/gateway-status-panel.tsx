import type { GatewayStatus } from '../../../api/contract/gateway';
import { ErrorView } from '../../../components/error-view';

interface GatewayStatusPanelProps {
  status: GatewayStatus | undefined;
  error: unknown;
  isPending: boolean;
  onRetry: () => void;
}

const modeLabels = { emulator: 'Embedded emulator', upstream: 'Real service (upstream)' } as const;
const databaseLabels = {
  sqlite: 'SQLite (this gateway’s data directory)',
  postgres: 'PostgreSQL (shared by its replicas)',
} as const;

const pollerLabels = {
  leading: 'This replica polls the service',
  standby: 'Another replica polls the service',
} as const;

export function GatewayStatusPanel({ status, error, isPending, onRetry }: GatewayStatusPanelProps) {
  if (isPending) {
    return (
      <p role="status" className="text-sm text-zinc-500">
        Reading the gateway status…
      </p>
    );
  }
  if (error || !status)
    return (
      <ErrorView title="The gateway status could not be read" error={error} onRetry={onRetry} />
    );
  return (
    <dl aria-label="Gateway status" className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
      <dt className="text-zinc-500 dark:text-zinc-400">Mode</dt>
      <dd className="font-medium">{modeLabels[status.mode]}</dd>
      <dt className="text-zinc-500 dark:text-zinc-400">Upstream</dt>
      <dd>
        <code>{status.upstream_origin ?? 'none (served in process)'}</code>
      </dd>
      <dt className="text-zinc-500 dark:text-zinc-400">Server-side credentials</dt>
      <dd>{status.credentials ? 'Configured' : 'Not configured'}</dd>
      <dt className="text-zinc-500 dark:text-zinc-400">State kept in</dt>
      <dd>{databaseLabels[status.database]}</dd>
      {status.poller && (
        <>
          <dt className="text-zinc-500 dark:text-zinc-400">Job polling</dt>
          <dd>{pollerLabels[status.poller]}</dd>
        </>
      )}
    </dl>
  );
}
