import { z } from './zod';
import { languageName, languageNames } from './language-names';

export { languageName, languageNames };

type LanguageCodeKey = keyof typeof languageNames;

// z.enum needs a tuple; the cast only restores what Object.keys forgets about a literal object.
const codes = Object.keys(languageNames) as [LanguageCodeKey, ...LanguageCodeKey[]];

export const languageCodeSchema = z.enum(codes, {
  error: 'language must be an ISO 639-1 two-letter code such as en, zh, es or fr',
});
export type LanguageCode = z.infer<typeof languageCodeSchema>;

/** The codes in alphabetical order, for pickers. */
export const languageCodes = languageCodeSchema.options;
