import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { applyTheme } from '../lib/theme';
import { disableZodEval } from '../lib/zod-without-eval';
import { App } from './app';
import { createAppRouter } from './router';
import './styles.css';

// Before any chunk that builds a schema loads.
disableZodEval();
applyTheme();

const root = createRoot(document.getElementById('root')!);
const router = createAppRouter();
// The page's code first: a prerendered page (build/prerender-pages.ts) stays until the app can
// draw that same page, never a loading state in between. The shell has preloaded that code
// beside this entry, so little is left to wait for. A failed load shows in the page.
void router
  .load()
  .catch(() => undefined)
  .then(() =>
    // The shell in index.html has painted already: it loads this entry once it has. A
    // transition: React renders the first page in slices, so a slow phone's main thread is
    // never blocked for the whole render and a tap on the shell is answered in between.
    startTransition(() =>
      root.render(
        <StrictMode>
          <App router={router} />
        </StrictMode>,
      ),
    ),
  );
