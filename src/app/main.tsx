import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { historySeedElementId } from '../api/contract/history-seed-id';
import { applyTheme } from '../lib/theme';
import { disableZodEval } from '../lib/zod-without-eval';
import { App } from './app';
import { createAppRouter } from './router';
import './styles.css';

// Before any chunk that builds a schema loads.
disableZodEval();
applyTheme();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);
const router = createAppRouter();
// Once it has drawn a page, the router writes the page's search defaults into the address
// (/voices → /voices?scope=all&sort=usage) and loads and draws the page again, in one blocking
// task on a phone. Starting from that address, it draws the page once.
const here = router.latestLocation;
const canonical = router.buildLocation({
  to: here.pathname,
  search: true,
  params: true,
  hash: true,
  state: true,
  _includeValidateSearch: true,
});
if (canonical.publicHref !== here.publicHref)
  router.history.replace(canonical.publicHref, here.state);
// The page's code first: a prerendered page (build/prerender-pages.ts) stays until the app can
// draw that same page, never a loading state in between. The shell has preloaded that code
// beside this entry, so little is left to wait for. A failed load shows in the page.
// A page the gateway drew with the account's jobs (server/live-pages) carries them along: the
// first render draws that same board. Without them it reads them as usual.
const seeded = document.getElementById(historySeedElementId)
  ? import('../lib/history-seed').then(({ pageHistorySeed, applyHistorySeed }) => {
      const seed = pageHistorySeed();
      return seed ? applyHistorySeed(seed) : undefined;
    })
  : undefined;
void Promise.all([router.load(), seeded])
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
