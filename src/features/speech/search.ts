import { historySources, type HistorySource } from '../../api/contract/history-sources';
import { compact, oneOf, searchSchema, searchText, text } from '../../lib/search-fields';

export const speechTabs = ['speech', 'extend'] as const;
/** How a take was made, in the URL's words: plain speech, an async task, or a voice extend. */
export const takeKindFilters = ['speech', 'async', 'extend'] as const;
export type TakeKindFilter = (typeof takeKindFilters)[number];

/** The history's filters, `h`-prefixed so they never mix with the form's own (voice). */
export interface TakeFilter {
  /** Matches a take's text, voice id or id. */
  hq?: string | undefined;
  hkind?: TakeKindFilter | undefined;
  /** Who made the take: this dashboard or another client of the gateway (gateway mode). */
  hsource?: HistorySource | undefined;
}

export interface SpeechSearch extends TakeFilter {
  tab: (typeof speechTabs)[number];
  voice?: string | undefined;
}

/**
 * Speech's URL state: the open tab, a voice chosen elsewhere ("Use for speech" on Voices), and
 * the history's search and filters, so a filtered history survives a reload and can be shared.
 */
export const speechSearchSchema = searchSchema((search): SpeechSearch =>
  compact({
    tab: oneOf(speechTabs, search.tab) ?? 'speech',
    voice: text(search.voice, 200, 1),
    hq: searchText(search.hq, 200),
    hkind: oneOf(takeKindFilters, search.hkind),
    hsource: oneOf(historySources, search.hsource),
  }),
);
