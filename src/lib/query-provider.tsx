import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { createQueryClient } from '../api/query-client';

/**
 * One cache for the whole tab. The query library is not in the first chunk (the home page
 * reads only this browser's storage), so every part that fetches mounts this provider from
 * its own lazy chunk: the pages' layout, the job watcher and the request log. They all share
 * this client, so a query cached by one is fresh for the others.
 */
const queryClient = createQueryClient();

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** The layout of every page that talks to the API. */
export function QueryLayout() {
  return (
    <QueryProvider>
      <Outlet />
    </QueryProvider>
  );
}
