import { afterPageSeed } from '../../lib/seeded-page';
import * as page from './jobs-page';

/**
 * The jobs page's module, for the router (src/app/router.tsx): the gateway draws the board with
 * its history (server/live-pages), and the router gets the module once the board's list holds
 * that history (../../lib/seeded-page.ts).
 */
export const jobsPage: Promise<typeof page> = afterPageSeed(page);
