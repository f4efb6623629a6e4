import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../api/api-client';
import type { Viewer } from './history-starter';

/**
 * Who is asking, as the gateway sees it (`GET /api/access/me`): Settings shows it, and the
 * shared histories offer Remove only on what the gateway would let this person remove. Gateway
 * mode only: in direct mode nobody signs in. Under Settings' `['access']` key, so its
 * invalidations reach it.
 */
export const accessMeQuery = () =>
  queryOptions({
    queryKey: ['access', 'me'] as const,
    queryFn: ({ signal }) => apiClient.accessMe({ signal }),
  });

/**
 * The viewer of a history, for `canRemove`: nobody (`null`) in direct mode and in open mode,
 * the signed-in person's id otherwise, `undefined` until the gateway has said who that is.
 */
export function useViewer(gateway: boolean): Viewer {
  const me = useQuery({ ...accessMeQuery(), enabled: gateway });
  if (!gateway) return null;
  return me.data ? (me.data.user?.id ?? null) : undefined;
}
