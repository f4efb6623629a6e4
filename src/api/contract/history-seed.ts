import { z } from './zod';
import { historyListSchema } from './history';
import { historyGroups, type HistoryGroup } from './history-groups';

const groupNames = Object.keys(historyGroups) as [HistoryGroup, ...HistoryGroup[]];

/**
 * The history a page is drawn with by the gateway (server/live-pages): the first page of each
 * list the page shows, by group, as `GET /api/history` answers it, sent along in the page as
 * JSON so the app's first render shows the same lists instead of reading them again first.
 */
export const historySeedSchema = z.partialRecord(z.enum(groupNames), historyListSchema);
export type HistorySeed = z.infer<typeof historySeedSchema>;
