import { describe, expect, it } from 'vitest';
import {
  catalogFacts,
  catalogLanguages,
  catalogTags,
  filterVoices,
  hasActiveFilters,
  matchesQuery,
  toggleTag,
} from './filter-voices';
import { sortHead, sortVoices } from './sort-voices';
import { makeVoice } from './test/voice-fixtures';

const aria = makeVoice({
  voice_id: 'en_aria',
  name: 'Aria',
  description: 'Warm, clear American narrator.',
  tags: ['narration', 'warm'],
  usage_count: 18230,
});
const marcus = makeVoice({
  voice_id: 'en_marcus',
  name: 'Marcus',
  gender: 'male',
  description: 'Deep, steady voice for documentaries.',
  tags: ['narration', 'deep'],
  usage_count: 12904,
});
const elise = makeVoice({
  voice_id: 'fr_elise',
  name: 'Élise',
  language: 'fr',
  description: 'Voix douce pour la relaxation.',
  tags: ['meditation', 'soft'],
  usage_count: 1210,
});
const nova = makeVoice({
  voice_id: 'en_nova',
  name: 'nova',
  gender: 'neutral',
  description: 'Assistant voice for interfaces.',
  tags: ['assistant', 'ivr'],
  usage_count: 1210,
});
const catalog = [marcus, elise, nova, aria];
const names = (voices: { name: string }[]) => voices.map((voice) => voice.name);

describe('search', () => {
  it('matches the name, the description and the tags, ignoring case', () => {
    expect(names(filterVoices(catalog, { q: 'ARIA', sort: 'usage' }))).toEqual(['Aria']);
    expect(names(filterVoices(catalog, { q: 'documentaries', sort: 'usage' }))).toEqual(['Marcus']);
    expect(names(filterVoices(catalog, { q: 'IVR', sort: 'usage' }))).toEqual(['nova']);
  });

  it('ignores accents and needs every word to match somewhere', () => {
    expect(matchesQuery(elise, 'elise')).toBe(true);
    expect(matchesQuery(elise, 'douce meditation')).toBe(true);
    expect(matchesQuery(elise, 'douce narration')).toBe(false);
  });

  it('treats an empty or blank query as no filter', () => {
    expect(filterVoices(catalog, { q: '   ', sort: 'usage' })).toHaveLength(4);
    expect(filterVoices(catalog, { sort: 'usage' })).toHaveLength(4);
  });
});

describe('gender and tags', () => {
  it('keeps only the chosen gender', () => {
    expect(names(filterVoices(catalog, { gender: 'male', sort: 'usage' }))).toEqual(['Marcus']);
  });

  it('needs every selected tag', () => {
    expect(names(filterVoices(catalog, { tags: ['narration'], sort: 'usage' }))).toEqual([
      'Marcus',
      'Aria',
    ]);
    expect(names(filterVoices(catalog, { tags: ['narration', 'warm'], sort: 'usage' }))).toEqual([
      'Aria',
    ]);
  });

  it('combines search, gender and tags', () => {
    const view = {
      q: 'narrator',
      gender: 'female' as const,
      tags: ['warm'],
      sort: 'usage' as const,
    };
    expect(names(filterVoices(catalog, view))).toEqual(['Aria']);
  });

  it('toggles a tag and drops the list when it empties', () => {
    expect(toggleTag(undefined, 'warm')).toEqual(['warm']);
    expect(toggleTag(['warm', 'deep'], 'warm')).toEqual(['deep']);
    expect(toggleTag(['warm'], 'warm')).toBeUndefined();
  });
});

describe('sort', () => {
  it('sorts by usage, most used first, with ties by name', () => {
    expect(names(sortVoices(catalog, 'usage'))).toEqual(['Aria', 'Marcus', 'Élise', 'nova']);
  });

  it('sorts by name, ignoring case and accents', () => {
    expect(names(sortVoices(catalog, 'name'))).toEqual(['Aria', 'Élise', 'Marcus', 'nova']);
  });

  it('orders a big catalog with many equal counts exactly as one combined comparator', () => {
    const firstNames = ['Zoe', 'ana', 'Ana', 'Émile', 'bob 10', 'bob 9', 'Ånne'];
    const many = Array.from({ length: 400 }, (_, i) =>
      makeVoice({ voice_id: `v${(i * 37) % 400}`, name: firstNames[i % 7], usage_count: i % 9 }),
    );
    const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
    const expected = [...many].sort(
      (a, b) =>
        b.usage_count - a.usage_count ||
        collator.compare(a.name, b.name) ||
        collator.compare(a.voice_id, b.voice_id),
    );
    expect(sortVoices(many, 'usage')).toEqual(expected);
  });

  it('sorts only the head when asked, keeping every voice', () => {
    const firstNames = ['Zoe', 'ana', 'Émile', 'bob 10', 'bob 9'];
    const many = Array.from({ length: 200 }, (_, i) =>
      makeVoice({ voice_id: `v${i}`, name: firstNames[i % 5], usage_count: (i * 7) % 13 }),
    );
    for (const sort of ['usage', 'name'] as const) {
      const head = sortHead(many, sort, 20);
      expect(head.slice(0, 20)).toEqual(sortVoices(many, sort).slice(0, 20));
      expect(new Set(head)).toEqual(new Set(many));
      expect(head).toHaveLength(many.length);
    }
    expect(sortHead(catalog, 'usage', 10)).toEqual(sortVoices(catalog, 'usage'));
  });

  it('never changes the array it was given', () => {
    const before = [...catalog];
    sortVoices(catalog, 'name');
    sortHead(catalog, 'usage', 2);
    filterVoices(catalog, { q: 'aria', sort: 'name' });
    expect(catalog).toEqual(before);
  });
});

describe('catalog facts', () => {
  it('lists languages and tags by how many voices have them', () => {
    expect(catalogLanguages(catalog)).toEqual(['en', 'fr']);
    expect(catalogTags(catalog).slice(0, 2)).toEqual(['narration', 'assistant']);
  });

  it('counts a tag listed twice on one voice once, and counts each catalog once', () => {
    const twice = makeVoice({ voice_id: 'twice', tags: ['calm', 'calm', 'deep'] });
    const voices = [twice, makeVoice({ voice_id: 'other', tags: ['deep'] })];
    expect(catalogFacts(voices).tags).toEqual(['deep', 'calm']);
    expect(catalogFacts(voices)).toBe(catalogFacts(voices));
  });

  it('knows when filters are active', () => {
    expect(hasActiveFilters({ scope: 'all', sort: 'name' })).toBe(false);
    expect(hasActiveFilters({ q: ' ' })).toBe(false);
    expect(hasActiveFilters({ tags: ['warm'] })).toBe(true);
    expect(hasActiveFilters({ language: 'fr' })).toBe(true);
  });
});
