import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { createQueryClient } from '../api/query-client';
import { useTheme } from '../lib/theme';
import { createAppRouter } from './router';

// Neither draws the first page: the watcher (API client, contract, zod) and the toaster load
// right after it, so they stay out of the entry chunk. Toasts raised before then are queued
// by sonner and shown once the toaster mounts.
const JobWatcher = lazy(() =>
  import('../features/jobs/job-watcher').then((m) => ({ default: m.JobWatcher })),
);
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  const [theme] = useTheme();
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Suspense fallback={null}>
        <JobWatcher
          onOpen={(taskId) => void router.navigate({ to: '/jobs/$taskId', params: { taskId } })}
        />
        <Toaster theme={theme} position="bottom-right" closeButton richColors />
      </Suspense>
    </QueryClientProvider>
  );
}
