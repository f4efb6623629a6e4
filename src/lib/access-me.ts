import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../api/api-client';

/**
 * Who is asking, as the gateway sees it (`GET /api/access/me`): Settings shows it, and the jobs
 * board offers Remove only on what the gateway would let this person remove. Gateway mode only:
 * in direct mode nobody signs in. Under Settings' `['access']` key, so its invalidations reach it.
 */
export const accessMeQuery = () =>
  queryOptions({
    queryKey: ['access', 'me'] as const,
    queryFn: ({ signal }) => apiClient.accessMe({ signal }),
  });
