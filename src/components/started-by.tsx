import type { HistoryStarter } from '../api/contract/history';
import { startedByText } from '../lib/history-starter';

/**
 * "by Ada", and the token's name when a script started it: who to ask about an entry of a
 * shared history. Nothing when nobody signed in (open mode, direct mode, an import).
 */
export function StartedBy({
  starter,
  large = false,
  inline = false,
}: {
  starter: HistoryStarter | null | undefined;
  /** The job page's size; lists use the small one. */
  large?: boolean;
  /** Part of a line of facts (a span), rather than a line of its own. */
  inline?: boolean;
}) {
  if (!starter) return null;
  if (inline) return <span>{startedByText(starter)}</span>;
  return (
    <p className={`truncate text-zinc-500 dark:text-zinc-400 ${large ? 'text-sm' : 'text-xs'}`}>
      {startedByText(starter)}
    </p>
  );
}
