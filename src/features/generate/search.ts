import { historySources, type HistorySource } from '../../api/contract/history-sources';
import { compact, oneOf, searchSchema, searchText } from '../../lib/search-fields';

export const generateTabs = ['image', 'video'] as const;
export const historyOutcomes = ['succeeded', 'failed'] as const;
export type HistoryOutcome = (typeof historyOutcomes)[number];

/** Longest history search kept; a longer one (a pasted link) keeps its start. */
export const historyQueryMax = 200;

/** The filters of the history under the form, as they stand in the URL. */
export interface HistoryFilters {
  /** Search over prompt, tool and entry id. */
  hq?: string | undefined;
  hstatus?: HistoryOutcome | undefined;
  /** Who sent it: this dashboard or another client of the gateway (gateway mode only). */
  hsource?: HistorySource | undefined;
}

export interface GenerateSearch extends HistoryFilters {
  tab: (typeof generateTabs)[number];
}

/**
 * The Generate page's URL state: the open tab and the history's filters survive reload and
 * sharing. The filters are named `h…` as they belong to the history, not to the form.
 */
export const generateSearchSchema = searchSchema((search): GenerateSearch =>
  compact({
    tab: oneOf(generateTabs, search.tab) ?? 'image',
    hq: searchText(search.hq, historyQueryMax),
    hstatus: oneOf(historyOutcomes, search.hstatus),
    hsource: oneOf(historySources, search.hsource),
  }),
);
