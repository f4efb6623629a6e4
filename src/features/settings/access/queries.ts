import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../api/api-client';
import type { CreateAccessToken } from '../../../api/contract/access';

/** The gateway's access API, in gateway mode only (in direct mode there is no sign-in). */
export const accessQueries = {
  // Who is signed in (`me`) is shared with the histories' Remove: src/lib/access-me.ts.
  all: () => ['access'] as const,
  tokens: () =>
    queryOptions({
      queryKey: [...accessQueries.all(), 'tokens'] as const,
      queryFn: ({ signal }) => apiClient.listAccessTokens({ signal }),
      select: (list) => list.data,
    }),
  sessions: () =>
    queryOptions({
      queryKey: [...accessQueries.all(), 'sessions'] as const,
      queryFn: ({ signal }) => apiClient.listAccessSessions({ signal }),
      select: (list) => list.data,
    }),
};

/** Creates a token; its secret is in the answer only, so the caller shows it from there. */
export function useCreateAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateAccessToken) => apiClient.createAccessToken(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessQueries.tokens().queryKey }),
  });
}

export function useRevokeAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.revokeAccessToken(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accessQueries.tokens().queryKey }),
  });
}

/** Signs another browser out (this one signs out through the gateway's form). */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.endAccessSession(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accessQueries.sessions().queryKey }),
  });
}
