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

// On a phone each value sits under its label, on the width of the card: values that would wrap
// beside their labels (and so grow the panel past its placeholder) fit on one line.
const rowsClass = 'grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-y-2';

const rowLabels = ['Mode', 'Upstream', 'Server-side credentials', 'State kept in', 'Job polling'];

/**
 * While the status is read, the same rows with their values blank: the panel keeps its height,
 * so the cards under it do not jump when the answer comes.
 */
function PendingRows() {
  return (
    <div role="status" aria-busy="true">
      <span className="sr-only">Reading the gateway status…</span>
      <dl aria-hidden="true" className={rowsClass}>
        {rowLabels.map((label) => (
          <div key={label} className="contents">
            <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
            <dd className="my-0.5 h-4 w-40 max-w-full motion-safe:animate-placeholder rounded bg-zinc-200 dark:bg-zinc-800" />
          </div>
        ))}
      </dl>
    </div>
  );
}

export function GatewayStatusPanel({ status, error, isPending, onRetry }: GatewayStatusPanelProps) {
  if (isPending) return <PendingRows />;
  if (error || !status)
    return (
      <ErrorView title="The gateway status could not be read" error={error} onRetry={onRetry} />
    );
  return (
    <dl aria-label="Gateway status" className={rowsClass}>
      <dt className="text-zinc-500 dark:text-zinc-400">Mode</dt>
      <dd className="font-medium">{modeLabels[status.mode]}</dd>
      <dt className="text-zinc-500 dark:text-zinc-400">Upstream</dt>
      {/* An address is code; its absence is said in words. */}
      <dd>
        {status.upstream_origin ? (
          <code>{status.upstream_origin}</code>
        ) : (
          'None: the emulator answers in process'
        )}
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
