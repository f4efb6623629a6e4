import { isIsoLanguageCode } from '../../api/contract/language-codes';
import type { LanguageCode } from '../../api/contract/languages';
import { voiceScopes } from '../../api/contract/voice-scopes';
import { compact, oneOf, searchSchema, text, textList } from '../../lib/search-fields';

export const voiceSorts = ['name', 'usage'] as const;
export const voiceGenders = ['female', 'male', 'neutral'] as const;

/**
 * The Voices page's URL state: every filter is shareable and the back button walks through them.
 * Bad values fall back to defaults instead of breaking the page.
 */
export const voicesSearchSchema = searchSchema((search): VoicesSearch =>
  compact({
    scope: oneOf(voiceScopes, search.scope) ?? 'all',
    language: isIsoLanguageCode(search.language) ? search.language : undefined,
    q: text(search.q, 200),
    gender: oneOf(voiceGenders, search.gender),
    tags: textList(search.tags, 20, 50),
    sort: oneOf(voiceSorts, search.sort) ?? 'usage',
  }),
);
export interface VoicesSearch {
  scope: (typeof voiceScopes)[number];
  language?: LanguageCode | undefined;
  q?: string | undefined;
  gender?: (typeof voiceGenders)[number] | undefined;
  tags?: string[] | undefined;
  sort: (typeof voiceSorts)[number];
}
