import { useMutation } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiClient } from '../../api/api-client';
import { isApiError } from '../../api/api-error';
import { noteHistoryEntry, noteHistoryRemoved, useServerHistory } from '../../lib/server-history';
import { cachedRowFromHistory, type SessionRow } from './session-row';

/**
 * Gateway mode: the sandboxes created through this gateway, by anyone (any browser, or a
 * client such as curl), newest first and live.
 */
export function useSharedSessions() {
  const { entries, loaded, error, warning } = useServerHistory('sandbox');
  const rows = useMemo<SessionRow[]>(() => entries.map(cachedRowFromHistory), [entries]);
  return { rows, loaded, error, warning };
}

/** Removes a sandbox from the gateway's history, for everyone; the sandbox itself is kept. */
export function useRemoveSharedSession() {
  return useMutation({
    mutationFn: async (sandboxId: string) => {
      try {
        await apiClient.deleteHistoryEntry(sandboxId);
      } catch (error) {
        // Already gone for everyone is what the user asked for.
        if (!isApiError(error) || error.status !== 404) throw error;
      }
      noteHistoryRemoved(sandboxId);
    },
  });
}

/**
 * Lists a sandbox this tab just created before the event stream brings it. Best effort: the
 * stream (or its fallback polling) brings it anyway.
 */
export function noteSharedSession(sandboxId: string): void {
  apiClient.historyEntry(sandboxId).then(noteHistoryEntry, () => undefined);
}
