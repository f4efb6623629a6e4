import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createClientFor } from '../../api/api-client';
import { listVoices } from '../../api/contract/endpoint-routes';
import { saveConnection, type Connection } from '../../lib/connection-settings';

export interface ConnectionTestOutcome {
  voiceCount: number;
  traceId: string | null;
  elapsedMs: number;
}

/**
 * Tests the connection as entered in the form, before it is saved, so a wrong key is
 * caught without breaking the app's working connection. No retries: report the first answer.
 */
export function useTestConnection() {
  return useMutation({
    mutationFn: async (connection: Connection): Promise<ConnectionTestOutcome> => {
      const client = await createClientFor({ getConnection: () => connection, timeoutMs: 15_000 }, [
        listVoices,
      ]);
      const started = performance.now();
      const result = await client.call(listVoices, {}, { retries: 0 });
      return {
        voiceCount: result.data.count ?? result.data.voices.length,
        traceId: result.trace_id ?? null,
        elapsedMs: Math.round(performance.now() - started),
      };
    },
  });
}

/** Saving changes where every request goes, so everything cached came from the old place. */
export function useSaveConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (connection: Connection) => saveConnection(connection),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
