import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The API client already retries what is safe to retry, with backoff and Retry-After;
        // a second retry layer here would multiply the attempts.
        retry: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}
