import { RouterProvider } from '@tanstack/react-router';
import { lazy, Suspense, useMemo, useSyncExternalStore } from 'react';
import { useTheme } from '../lib/theme';
import { readToasterWanted, subscribeToasterWanted } from '../lib/toaster-wanted';
import { useIdle } from '../lib/use-idle';
import { useDocumentHead } from './document-head';
import type { AppRouter } from './router';

// The job watcher (query library, API client, contract, zod) does not draw the first page: it
// loads once the first page has rendered and the browser is idle, so it neither weighs on the
// entry chunk nor competes with the page for the network.
const BackgroundTasks = lazy(() =>
  import('./background-tasks').then((m) => ({ default: m.BackgroundTasks })),
);
// Mounted with the first toast (src/lib/toast.ts), which sonner shows once it is in.
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

export function App({ router }: { router: AppRouter }) {
  const [theme] = useTheme();
  useDocumentHead(router);
  const idle = useIdle();
  const toasts = useSyncExternalStore(subscribeToasterWanted, readToasterWanted, readToasterWanted);
  // The same element each time: the idle moment and the first toast draw this component
  // again, and the router's whole tree with it otherwise (the layout, its links, the page).
  const routes = useMemo(() => <RouterProvider router={router} />, [router]);
  return (
    <>
      {routes}
      {idle && (
        <Suspense fallback={null}>
          <BackgroundTasks router={router} />
        </Suspense>
      )}
      {toasts && (
        <Suspense fallback={null}>
          <Toaster theme={theme} position="bottom-right" closeButton richColors />
        </Suspense>
      )}
    </>
  );
}
