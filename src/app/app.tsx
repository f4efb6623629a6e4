import { RouterProvider } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useTheme } from '../lib/theme';
import { useIdle } from '../lib/use-idle';
import { useDocumentHead } from './document-head';
import type { AppRouter } from './router';

// Neither draws the first page: the job watcher (query library, API client, contract, zod) and
// the toaster load once the first page has rendered and the browser is idle, so they neither
// weigh on the entry chunk nor compete with the page for the network. Toasts raised before
// then are queued by sonner and shown once the toaster mounts.
const BackgroundTasks = lazy(() =>
  import('./background-tasks').then((m) => ({ default: m.BackgroundTasks })),
);
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

export function App({ router }: { router: AppRouter }) {
  const [theme] = useTheme();
  useDocumentHead(router);
  const idle = useIdle();
  return (
    <>
      <RouterProvider router={router} />
      {idle && (
        <Suspense fallback={null}>
          <BackgroundTasks router={router} />
          <Toaster theme={theme} position="bottom-right" closeButton richColors />
        </Suspense>
      )}
    </>
  );
}
