import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import { Toaster } from 'sonner';
import { createQueryClient } from '../api/query-client';
import { JobWatcher } from '../features/jobs/job-watcher';
import { useTheme } from '../lib/theme';
import { createAppRouter } from './router';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  const [theme] = useTheme();
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <JobWatcher
        onOpen={(taskId) => void router.navigate({ to: '/jobs/$taskId', params: { taskId } })}
      />
      <Toaster theme={theme} position="bottom-right" closeButton richColors />
    </QueryClientProvider>
  );
}
