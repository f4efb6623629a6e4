import { describe, expect, it } from 'vitest';
import { languageCodeSchema, languageCodes, languageName, languageNames } from './languages';
import { issuesOf } from './test-helpers';

describe('ISO 639-1 languages', () => {
  it('lists 184 unique two-letter codes, each with a name', () => {
    expect(languageCodes).toHaveLength(184);
    expect(new Set(languageCodes).size).toBe(184);
    for (const code of languageCodes) {
      expect(code).toMatch(/^[a-z]{2}$/);
      expect(languageNames[code].length).toBeGreaterThan(0);
    }
  });

  it('includes the codes the spec names and other common ones', () => {
    for (const code of ['en', 'zh', 'es', 'fr', 'de', 'ja', 'ko', 'ar', 'hi', 'pt', 'ru', 'zu']) {
      expect(languageCodeSchema.safeParse(code).success).toBe(true);
    }
  });

  it('rejects unknown, withdrawn, three-letter and upper-case codes', () => {
    // iw and in were replaced by he and id; ISO 639-2 codes are not ISO 639-1.
    for (const code of ['xx', 'iw', 'in', 'eng', 'EN', 'en-US', '']) {
      expect(languageCodeSchema.safeParse(code).success).toBe(false);
    }
    expect(issuesOf(languageCodeSchema, 'xx')[0]?.message).toBe(
      'language must be an ISO 639-1 two-letter code such as en, zh, es or fr',
    );
  });

  it('names codes in English and falls back to the code itself', () => {
    expect(languageName('en')).toBe('English');
    expect(languageName('zh')).toBe('Chinese');
    expect(languageName('xx')).toBe('xx');
    expect(languageName('constructor')).toBe('constructor');
  });
});
