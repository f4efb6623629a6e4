import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../api/api-client';

/** The dashboard server's own status: Settings shows it, and copied commands use its origin. */
export const gatewayQueries = {
  all: () => ['gateway'] as const,
  status: () =>
    queryOptions({
      queryKey: [...gatewayQueries.all(), 'status'] as const,
      queryFn: ({ signal }) => apiClient.gatewayStatus({ signal }),
    }),
};
