// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readingScripts, scriptFor, scriptPage, sentencesPerPage } from './reading-scripts';

describe('readingScripts', () => {
  it('offers English, Spanish, French, German, Italian, Portuguese and a non-Latin script, once each', () => {
    const languages = readingScripts.map((script) => script.language);
    expect(languages).toEqual(expect.arrayContaining(['en', 'es', 'fr', 'de', 'it', 'pt', 'ja']));
    expect(new Set(languages).size).toBe(languages.length);
  });

  it.each(readingScripts)('$label has 6 to 10 different short sentences', (script) => {
    expect(script.sentences.length).toBeGreaterThanOrEqual(6);
    expect(script.sentences.length).toBeLessThanOrEqual(10);
    expect(new Set(script.sentences).size).toBe(script.sentences.length);
    for (const sentence of script.sentences) {
      expect(sentence.trim()).toBe(sentence);
      // About 2 to 5 seconds read aloud.
      expect(sentence.length).toBeGreaterThan(8);
      expect(sentence.length).toBeLessThan(70);
    }
  });
});

describe('scriptFor', () => {
  const language = (preferred: string[]) => scriptFor(preferred).language;

  it('takes the first preferred language that has a script, by its primary tag', () => {
    expect(language(['fr-CA', 'en-US'])).toBe('fr');
    expect(language(['nl-NL', 'DE-at', 'es'])).toBe('de');
    expect(language(['zh-Hans-CN'])).toBe('zh');
  });

  it('falls back to English when none has a script', () => {
    expect(language(['nl', 'sv'])).toBe('en');
    expect(language([])).toBe('en');
  });
});

describe('scriptPage', () => {
  const english = readingScripts.find((script) => script.language === 'en')!;

  it('shows a few sentences at a time and every sentence over the pages, then starts again', () => {
    const pages = Math.ceil(english.sentences.length / sentencesPerPage);
    const shown = Array.from({ length: pages }, (_, page) => scriptPage(english, page));
    for (const sentences of shown) {
      expect(sentences.length).toBeGreaterThanOrEqual(1);
      expect(sentences.length).toBeLessThanOrEqual(sentencesPerPage);
    }
    expect(shown.flat()).toEqual(english.sentences);
    expect(scriptPage(english, pages)).toEqual(shown[0]);
    expect(scriptPage(english, 1)).not.toEqual(shown[0]);
  });
});
