import { compact, oneOf, searchSchema, text } from '../../lib/search-fields';

export const speechTabs = ['speech', 'extend'] as const;

export interface SpeechSearch {
  tab: (typeof speechTabs)[number];
  voice?: string | undefined;
}

/** Speech's URL state: the open tab, and a voice chosen elsewhere ("Use for speech" on Voices). */
export const speechSearchSchema = searchSchema((search): SpeechSearch =>
  compact({
    tab: oneOf(speechTabs, search.tab) ?? 'speech',
    voice: text(search.voice, 200, 1),
  }),
);
