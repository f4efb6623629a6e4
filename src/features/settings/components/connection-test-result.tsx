import { ErrorView } from '../../../components/error-view';
import type { ConnectionTestOutcome } from '../queries';

export function ConnectionTestResult({
  outcome,
  error,
}: {
  outcome: ConnectionTestOutcome | undefined;
  error: unknown;
}) {
  if (error) return <ErrorView title="Connection failed" error={error} />;
  if (!outcome) return null;
  return (
    <div
      role="status"
      className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900 dark:border-emerald-900/60 dark:bg-emerald-950/40 dark:text-emerald-100"
    >
      <p className="font-semibold">Connected</p>
      <p className="mt-1">
        The voice catalog answered with {outcome.voiceCount}{' '}
        {outcome.voiceCount === 1 ? 'voice' : 'voices'} in {outcome.elapsedMs} ms.
      </p>
      {outcome.traceId && (
        <p className="mt-1 text-xs">
          Trace ID <code className="select-all">{outcome.traceId}</code>
        </p>
      )}
    </div>
  );
}
