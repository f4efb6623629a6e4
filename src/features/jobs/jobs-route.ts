import { historySeedElementId } from '../../api/contract/history-seed-id';
import * as page from './jobs-page';

/**
 * The jobs page's module, for the router (src/app/router.tsx). The gateway drew the page with
 * its history (server/live-pages) and sent it along: the router gets the module once the
 * board's list holds that history, so its first render draws that same board, and the drawn
 * page stays until then. Once per page load, as the module is evaluated once, before the app
 * draws anything; the seed's reader (and the contract it checks the history with) loads only
 * then.
 */
export const jobsPage: Promise<typeof page> = (
  typeof document !== 'undefined' && document.getElementById(historySeedElementId)
    ? import('../../lib/history-seed').then((seed) => seed.applyPageHistorySeed())
    : Promise.resolve()
).then(() => page);
