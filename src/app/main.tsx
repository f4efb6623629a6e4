import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { tellGatewayTheMode } from '../lib/connection-settings';
import { nextTask } from '../lib/next-task';
import { takeOverInStages } from '../lib/takeover';
import { startTheme } from '../lib/theme';
import { whenIdle } from '../lib/use-idle';
import { linkManifest, MANIFEST_DELAY_MS } from '../lib/web-app-manifest';
import { disableZodEval } from '../lib/zod-without-eval';
import { App } from './app';
import { createAppRouter } from './router';
import './styles.css';

// Before any chunk that builds a schema loads.
disableZodEval();
startTheme();

const container = document.getElementById('root')!;
// A prerendered page (build/prerender-pages.ts) comes in a wrapper of its own, hidden from
// assistive technology, its controls inert (./held-controls.ts). The app draws into the
// wrapper, so the build's root (./preact-root.ts) takes over the page's elements there rather
// than building the page again. A page without one (the shell alone) is drawn into the root,
// over the shell.
const drawn = container.querySelector<HTMLElement>(':scope > div[data-drawn]');
const root = createRoot(drawn ?? container);
// Evaluating the entry (React, the router), building the route tree and loading the first
// page are a task each, not one long one. Then the page: a prerendered page
// (build/prerender-pages.ts) stays until the app can draw that same page, never a loading
// state in between. A failed load shows in it.
void nextTask().then(async () => {
  const router = createAppRouter();
  // Matching the address and loading the page's code is a task of its own too.
  await nextTask();
  await router.load().catch(() => undefined);
  // The page's modules run in the task that loaded them, zod building the schemas they
  // import: the first render is a task apart, not their continuation.
  await nextTask();
  // A transition: React (the dev server's runtime) renders the first page in slices, so the
  // main thread is never blocked for the whole render; Preact, the build's, renders it at once.
  startTransition(() => {
    // Live from this task on: the picture turns into the page, each control as the render takes
    // it over, the parts drawn in stages (../components/staged.tsx) each a task later.
    drawn?.removeAttribute('aria-hidden');
    const draw = () =>
      root.render(
        <StrictMode>
          <App router={router} />
        </StrictMode>,
      );
    if (import.meta.env.PROD && drawn) takeOverInStages(draw);
    else draw();
  });
  // The worker that shows push notifications: in a build only (one left by the dev server
  // would outlive it on localhost), kept once the first page is drawn and the browser idles.
  if (import.meta.env.PROD)
    whenIdle(() => void import('../lib/service-worker').then((sw) => sw.keepServiceWorker()));
  // What makes the dashboard installable, once loading is over (../lib/web-app-manifest.ts).
  whenIdle(() => setTimeout(linkManifest, MANIFEST_DELAY_MS));
  // Which pages the gateway sends this browser next: drawn with its history, or as built.
  whenIdle(tellGatewayTheMode);
});
