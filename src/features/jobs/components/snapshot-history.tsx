import type { JobSnapshot } from '../../../lib/tracked-jobs';
import { statusLabels, boardStatus } from '../job-state';

/** Every change this browser saw, newest first: the chart's data as a table. */
export function SnapshotHistory({ snapshots }: { snapshots: JobSnapshot[] }) {
  if (snapshots.length === 0) return null;
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-zinc-600 dark:text-zinc-400">
        {snapshots.length} recorded {snapshots.length === 1 ? 'reading' : 'readings'}
      </summary>
      <table className="mt-2 w-full text-left text-xs" aria-label="Recorded readings">
        <thead className="text-zinc-500">
          <tr>
            <th className="py-1 font-medium">Time</th>
            <th className="py-1 font-medium">Status</th>
            <th className="py-1 font-medium">Progress</th>
            <th className="py-1 font-medium">Step</th>
          </tr>
        </thead>
        <tbody>
          {[...snapshots].reverse().map((snapshot) => (
            <tr key={snapshot.at} className="border-t border-zinc-100 dark:border-zinc-800">
              <td className="py-1 tabular-nums">{new Date(snapshot.at).toLocaleTimeString()}</td>
              <td className="py-1">{statusLabels[boardStatus(snapshot.status)]}</td>
              <td className="py-1 tabular-nums">{snapshot.progress ?? '—'}</td>
              <td className="py-1 tabular-nums">{snapshot.current_step ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
