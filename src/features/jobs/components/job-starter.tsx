import type { HistoryStarter } from '../../../api/contract/history';
import { startedByText } from '../board-model';

/**
 * "by Ada", and the token's name when a script started the job: who to ask about it on a
 * shared board. Nothing when nobody signed in (open mode, direct mode, an import).
 */
export function JobStarter({
  starter,
  large = false,
}: {
  starter: HistoryStarter | null | undefined;
  /** The job page's size; cards and rows use the small one. */
  large?: boolean;
}) {
  if (!starter) return null;
  return (
    <p className={`truncate text-zinc-500 dark:text-zinc-400 ${large ? 'text-sm' : 'text-xs'}`}>
      {startedByText(starter)}
    </p>
  );
}
