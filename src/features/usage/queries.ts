import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../api/api-client';
import type { UsageQuery } from '../../api/contract/usage';

/** The report's query without its format: the page reads JSON, the CSV is a link. */
export type UsageReportQuery = Required<Omit<UsageQuery, 'format'>>;

/**
 * The gateway's usage reports (gateway mode only). A job's counts change as it runs, so a
 * report is read again when the tab comes back after a minute, not on every render.
 */
export const usageQueries = {
  all: () => ['usage'] as const,
  reports: () => [...usageQueries.all(), 'report'] as const,
  report: (query: UsageReportQuery) =>
    queryOptions({
      queryKey: [...usageQueries.reports(), query] as const,
      queryFn: ({ signal }) => apiClient.usage(query, { signal }),
      staleTime: 60_000,
      // Another period or grouping keeps the last report on screen until its own arrives.
      placeholderData: keepPreviousData,
    }),
};
