import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { prerender } from 'react-dom/static';
import type { HistorySeed } from '../api/contract/history-seed';
import { applyHistorySeed } from '../lib/history-seed';
import { holdControls } from './held-controls';
import { createAppRouter } from './router';

/**
 * A page of the app as it first draws, before any data: rendered at build time
 * (build/prerender-pages.ts) into the page's HTML, so a phone shows the page itself, its form
 * or its loading lists, as soon as the HTML and the stylesheet arrive. The app's first render
 * draws the same thing over it. Also returns the page's canonical address (its search's
 * defaults included): only a request for that page is answered with this HTML.
 *
 * With a seed, the page is drawn with that history, as the gateway does for the jobs board
 * (server/live-pages): one render at a time, since the lists it fills are the module's own.
 */
export async function prerenderPage(
  path: string,
  seed?: HistorySeed,
): Promise<{ html: string; href: string }> {
  if (seed) await applyHistorySeed(seed);
  let href = path;
  // A page whose search has defaults (/train → /train?form=voice) answers with its canonical
  // address first, as the browser's router does.
  for (let hop = 0; hop < 3; hop++) {
    const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [href] }) });
    await router.load();
    const result = router._serverResult;
    if (result?.type === 'redirect' && result.redirect.options.href) {
      href = result.redirect.options.href;
      continue;
    }
    // Waits for every lazy part, as the app's first render in a transition does, and writes
    // each in its place: no boundary is sent apart to be swapped in by a script.
    const { prelude } = await prerender(<RouterProvider router={router} />, {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    });
    // Its controls held until the app takes the page over (./held-controls.ts).
    return { html: holdControls(await new Response(prelude).text()), href };
  }
  throw new Error(`${path} redirects more than twice`);
}
