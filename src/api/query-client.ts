import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

export interface QueryClientOptions {
  /** Told of every failed query and mutation, e.g. to go to sign-in when the session ended. */
  onError?: (error: Error) => void;
}

export function createQueryClient({ onError }: QueryClientOptions = {}): QueryClient {
  return new QueryClient({
    ...(onError && {
      queryCache: new QueryCache({ onError: (error) => onError(error) }),
      mutationCache: new MutationCache({ onError: (error) => onError(error) }),
    }),
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
