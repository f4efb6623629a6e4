import { z } from './zod';
import { historyListSchema } from './history';

/**
 * The history a page is drawn with by the gateway (server/live-pages): the first page of the
 * board's list, as `GET /api/history` answers it, sent along in the page as JSON so the app's
 * first render shows the same board instead of reading it again first.
 */
export const historySeedSchema = z.object({ training: historyListSchema });
export type HistorySeed = z.infer<typeof historySeedSchema>;
