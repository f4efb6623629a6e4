import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../api/api-client';
import type { LanguageCode } from '../api/contract/languages';
import type { VoiceScope } from '../api/contract/voices';
import { listVoices } from '../api/contract/endpoint-routes';

export interface VoiceListFilters {
  scope: VoiceScope;
  language?: LanguageCode;
}

/**
 * The voice catalog as the service filters it (scope, language). Shared by Voices (browsing)
 * and Speech (the voice picker), so both read one cache entry. Search, gender, tags and sort
 * are applied in the browser on top of it.
 */
export const voiceQueries = {
  all: () => ['voices'] as const,
  lists: () => [...voiceQueries.all(), 'list'] as const,
  list: (filters: VoiceListFilters) =>
    queryOptions({
      queryKey: [...voiceQueries.lists(), filters] as const,
      queryFn: ({ signal }) =>
        apiClient.call(
          listVoices,
          {
            query: {
              scope: filters.scope,
              ...(filters.language ? { language: filters.language } : {}),
            },
          },
          { signal },
        ),
      // The catalog changes rarely; custom voices appear when training completes (invalidated then).
      staleTime: 5 * 60_000,
    }),
};
