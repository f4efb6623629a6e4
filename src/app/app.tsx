import { RouterProvider } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { useTheme } from '../lib/theme';
import { useDocumentHead } from './document-head';
import { createAppRouter } from './router';

// Neither draws the first page: the job watcher (query library, API client, contract, zod) and
// the toaster load right after it, so they stay out of the entry chunk. Toasts raised before
// then are queued by sonner and shown once the toaster mounts.
const BackgroundTasks = lazy(() =>
  import('./background-tasks').then((m) => ({ default: m.BackgroundTasks })),
);
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

export function App() {
  const [router] = useState(createAppRouter);
  const [theme] = useTheme();
  useDocumentHead(router);
  return (
    <>
      <RouterProvider router={router} />
      <Suspense fallback={null}>
        <BackgroundTasks
          onOpenJob={(taskId) => void router.navigate({ to: '/jobs/$taskId', params: { taskId } })}
        />
        <Toaster theme={theme} position="bottom-right" closeButton richColors />
      </Suspense>
    </>
  );
}
