import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  type RouterHistory,
} from '@tanstack/react-router';
import { PagePending } from '../components/page-pending';
import { afterPageSeed } from '../lib/seeded-page';
import { RouteError } from '../components/route-error';
import { AppShell } from './app-shell';
import { generateSearchSchema } from '../features/generate/search';
import { filesSearchSchema } from '../features/files/search';
import { jobsSearchSchema } from '../features/jobs/search';
import { sandboxSearchSchema } from '../features/sandbox/search';
import { speechSearchSchema } from '../features/speech/search';
import { trainSearchSchema } from '../features/training/search';
import { usageSearchSchema } from '../features/usage/search';
import { voicesSearchSchema } from '../features/voices/search';

/**
 * A page the gateway may draw with its history (server/live-pages): the router gets its module
 * once the lists the page shows hold that history (../lib/seeded-page.ts).
 */
function seededPage<T extends Record<string, unknown>, K extends keyof T & string>(
  load: () => Promise<T>,
  name: K,
) {
  return lazyRouteComponent(() => load().then(afterPageSeed), name);
}

// Rarely seen, so it loads when needed; the shell has already named the page by then.
const NotFoundPage = lazyRouteComponent(
  () => import('../components/not-found-page'),
  'NotFoundPage',
);

const rootRoute = createRootRoute({ component: AppShell, notFoundComponent: NotFoundPage });

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  component: seededPage(() => import('../features/home/home-page'), 'HomePage'),
});

// The pages that talk to the API share one layout, which brings the query library with it.
const dataRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'data',
  component: lazyRouteComponent(() => import('../lib/query-provider'), 'QueryLayout'),
});

// Each page's code loads only when it is visited, so the first page stays small.
const pageRoutes = [
  createRoute({
    getParentRoute: () => dataRoute,
    path: '/generate',
    validateSearch: generateSearchSchema,
    component: seededPage(() => import('../features/generate/generate-page'), 'GeneratePage'),
  }),
  createRoute({
    getParentRoute: () => dataRoute,
    path: '/voices',
    validateSearch: voicesSearchSchema,
    component: lazyRouteComponent(() => import('../features/voices/voices-page'), 'VoicesPage'),
  }),
  createRoute({
    getParentRoute: () => dataRoute,
    path: '/speech',
    validateSearch: speechSearchSchema,
    component: seededPage(() => import('../features/speech/speech-page'), 'SpeechPage'),
  }),
  createRoute({
    getParentRoute: () => dataRoute,
    path: '/train',
    validateSearch: trainSearchSchema,
    component: lazyRouteComponent(() => import('../features/training/train-page'), 'TrainPage'),
  }),
  createRoute({
    getParentRoute: () => dataRoute,
    path: '/jobs',
    validateSearch: jobsSearchSchema,
    component: seededPage(() => import('../features/jobs/jobs-page'), 'JobsPage'),
  }),
  createRoute({
    getParentRoute: () => dataRoute,
    path: '/jobs/$taskId',
    component: lazyRouteComponent(() => import('../features/jobs/job-page'), 'JobPage'),
  }),
  createRoute({
    getParentRoute: () => dataRoute,
    path: '/files',
    validateSearch: filesSearchSchema,
    component: seededPage(() => import('../features/files/files-page'), 'FilesPage'),
  }),
  createRoute({
    getParentRoute: () => dataRoute,
    path: '/sandbox',
    validateSearch: sandboxSearchSchema,
    component: seededPage(() => import('../features/sandbox/sandbox-page'), 'SandboxPage'),
  }),
  createRoute({
    getParentRoute: () => dataRoute,
    path: '/usage',
    validateSearch: usageSearchSchema,
    component: lazyRouteComponent(() => import('../features/usage/usage-page'), 'UsagePage'),
  }),
  createRoute({
    getParentRoute: () => dataRoute,
    path: '/settings',
    component: lazyRouteComponent(
      () => import('../features/settings/settings-page'),
      'SettingsPage',
    ),
  }),
] as const;

const routeTree = rootRoute.addChildren([indexRoute, dataRoute.addChildren([...pageRoutes])]);

/** A router on another history than the browser's: the build's prerender (src/app/prerender.tsx). */
export interface AppRouterOptions {
  history?: RouterHistory;
}

export function createAppRouter({ history }: AppRouterOptions = {}) {
  return createRouter({
    routeTree,
    ...(history && { history }),
    // Every route gets its own error boundary: one broken page never blanks the app.
    defaultErrorComponent: RouteError,
    defaultPendingComponent: PagePending,
    // The pending view draws the page's own heading, so it shows at once (a blank main area
    // for up to a second is what a phone on a slow network would otherwise see) and goes as
    // soon as the page is ready.
    defaultPendingMs: 0,
    defaultPendingMinMs: 0,
    defaultNotFoundComponent: NotFoundPage,
    defaultPreload: 'intent',
    // The prerendered page has no use for the script that restores a scroll position.
    scrollRestoration: !history,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
