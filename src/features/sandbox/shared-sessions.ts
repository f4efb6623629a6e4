import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { removeHistoryEntry, useServerHistory } from '../../lib/server-history';
import { cachedRowFromHistory, type SessionRow } from './session-row';

/**
 * Gateway mode: the sandboxes created through this gateway, by anyone (any browser, or a
 * client such as curl), newest first and live.
 */
export function useSharedSessions() {
  const { entries, loaded, unread, error, warning } = useServerHistory('sandbox');
  const rows = useMemo<SessionRow[]>(() => entries.map(cachedRowFromHistory), [entries]);
  return { rows, loaded, unread, error, warning };
}

/** Removes a sandbox from the gateway's history, for everyone; the sandbox itself is kept. */
export function useRemoveSharedSession() {
  return useMutation({ mutationFn: (id: string) => removeHistoryEntry(id) });
}
