import { afterPageSeed } from '../../lib/seeded-page';
import * as page from './home-page';

/**
 * The home page's module, for the router (src/app/router.tsx): the gateway draws the training
 * jobs card with its history (server/live-pages), and the router gets the module once the jobs
 * the card counts hold that history (../../lib/seeded-page.ts).
 */
export const homePage: Promise<typeof page> = afterPageSeed(page);
