import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api/api-client';
import { createSandbox } from '../../api/contract/endpoint-routes';
import { readConnection } from '../../lib/connection-settings';
import type { SandboxFormValues } from './sandbox-form-values';
import { addSession, listSessions, removeSession, type SandboxSession } from './sessions-store';
import { showHistoryEntry } from '../../lib/server-history';

export const sandboxQueries = {
  all: () => ['sandbox'] as const,
  /**
   * Sandboxes created from this browser (IndexedDB, direct mode); only the mutations below
   * change them. In gateway mode the gateway's history lists them (shared-sessions.ts).
   */
  sessions: () =>
    queryOptions({
      queryKey: [...sandboxQueries.all(), 'sessions'] as const,
      queryFn: listSessions,
      staleTime: Infinity,
    }),
};

/**
 * Creates a sandbox and, in direct mode, records it in this browser. The record is written
 * inside the mutation, so a sandbox whose answer arrives after the user left the page is still
 * listed later. In gateway mode the gateway records it for everyone, so nothing is kept here
 * (the import offer would otherwise keep finding it).
 */
export function useCreateSandbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...sandboxQueries.all(), 'create'],
    mutationFn: async (body: SandboxFormValues) => {
      const response = await apiClient.call(createSandbox, { body });
      const { sandbox_id, status, created_at } = response.data;
      const session = {
        sandbox_id,
        status,
        language: body.language,
        created_at,
        packages: body.packages,
        ...(response.trace_id ? { trace_id: response.trace_id } : {}),
      };
      if (readConnection().mode !== 'gateway') return addSession(session);
      void showHistoryEntry(sandbox_id);
      return { ...session, id: sandbox_id, order: Date.now() } satisfies SandboxSession;
    },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: sandboxQueries.sessions().queryKey }),
  });
}

/** Forgets a sandbox in this browser; the service still has it. */
export function useForgetSandbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...sandboxQueries.all(), 'forget'],
    mutationFn: removeSession,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: sandboxQueries.sessions().queryKey }),
  });
}
