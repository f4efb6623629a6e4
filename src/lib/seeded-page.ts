import { historySeedElementId } from '../api/contract/history-seed-id';

/** The seed of this page load, applied or not there: once, whichever page module asks first. */
let applied: Promise<void> | null = null;

/**
 * A page's module for the router (src/app/router.tsx), handed over once the history the gateway
 * drew the page with (server/live-pages) is in the app's lists: the page's first render then
 * draws what the page already shows, never "Loading" in between, and the drawn page stays until
 * then. The seed is read once per page load: a page opened later in the same tab reads the
 * history that is live by then, not the one the first page came with. The seed's reader (and the
 * contract it checks the history with) loads only when the page carries one. A seed that cannot
 * be applied leaves the lists to read the history themselves.
 */
export function afterPageSeed<T>(page: T): Promise<T> {
  applied ??=
    typeof document !== 'undefined' && document.getElementById(historySeedElementId)
      ? import('./history-seed').then((seed) => seed.applyPageHistorySeed()).catch(() => undefined)
      : Promise.resolve();
  return applied.then(() => page);
}
