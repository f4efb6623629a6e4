import { notifyManager, QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { createQueryClient } from '../api/query-client';
import { signInRedirect } from './sign-in-redirect';

/**
 * One cache for the whole tab. The query library is not in the first chunk (the home page
 * reads only this browser's storage), so every part that fetches mounts this provider from
 * its own lazy chunk: the pages' layout, the job watcher and the request log. They all share
 * this client, so a query cached by one is fresh for the others.
 */
const queryClient = createQueryClient({
  // Any request, on any page: a session that ended (signed out elsewhere, expired) sends the
  // tab to the gateway's sign-in page, which brings it back here after.
  onError: signInRedirect((url) => window.location.assign(url)),
});

// Query results reach components in a microtask rather than the library's default
// setTimeout(0), so a response renders in the task that parsed it instead of queueing behind
// whatever else the browser has scheduled by then (tens of ms on a busy page).
notifyManager.setScheduler(queueMicrotask);

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
