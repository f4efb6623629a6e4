import { oneOf, searchSchema } from '../../lib/search-fields';

export const generateTabs = ['image', 'video'] as const;

export interface GenerateSearch {
  tab: (typeof generateTabs)[number];
}

/** The Generate page's URL state: which tab is open survives reload and sharing. */
export const generateSearchSchema = searchSchema((search): GenerateSearch => ({
  tab: oneOf(generateTabs, search.tab) ?? 'image',
}));
