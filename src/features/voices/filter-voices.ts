import type { Voice } from '../../api/contract/voices';
import type { VoicesSearch } from './search';
import { compareNames } from '../../lib/compare-text';

/** The filters applied in the browser on top of the catalog the service returned. */
export type VoiceView = Pick<VoicesSearch, 'q' | 'gender' | 'tags' | 'sort'>;

/** Lower case without accents, so "elise" finds "Élise" and "CALM" finds "calm". */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** Every word of the query must appear somewhere in the name, description or tags. */
export function matchesQuery(voice: Voice, query: string | undefined): boolean {
  return matchesTerms(voice, queryTerms(query));
}

function queryTerms(query: string | undefined): string[] {
  return normalizeText(query ?? '')
    .split(/\s+/)
    .filter(Boolean);
}

function matchesTerms(voice: Voice, terms: readonly string[]): boolean {
  if (terms.length === 0) return true;
  const haystack = searchText(voice);
  return terms.every((term) => haystack.includes(term));
}

// Normalizing 10,000 names and descriptions takes tens of ms: done once per voice, not per keystroke.
const searchTexts = new WeakMap<Voice, string>();

function searchText(voice: Voice): string {
  let text = searchTexts.get(voice);
  if (text === undefined) {
    text = normalizeText([voice.name, voice.description, ...voice.tags].join(' '));
    searchTexts.set(voice, text);
  }
  return text;
}

/** A voice must carry every selected tag: each chip narrows the list further. */
export function matchesTags(voice: Voice, tags: readonly string[] | undefined): boolean {
  if (!tags || tags.length === 0) return true;
  return tags.every((tag) => voice.tags.includes(tag));
}

export function filterVoices(voices: readonly Voice[], view: VoiceView): Voice[] {
  const terms = queryTerms(view.q);
  return voices.filter(
    (voice) =>
      (!view.gender || voice.gender === view.gender) &&
      matchesTags(voice, view.tags) &&
      matchesTerms(voice, terms),
  );
}

/** True when something besides scope and sort narrows the list, i.e. "Clear filters" has work to do. */
export function hasActiveFilters(search: Partial<VoicesSearch>): boolean {
  return Boolean(search.language || search.q?.trim() || search.gender || search.tags?.length);
}

export interface CatalogFacts {
  /** Language codes present, most voices first, then by code. */
  languages: string[];
  /** Tags present, most used first, then alphabetically. */
  tags: string[];
}

// Kept per catalog array: the page asks for both of the same catalog when no language is chosen.
const factsByCatalog = new WeakMap<readonly Voice[], CatalogFacts>();

/**
 * Languages and tags of a catalog, counted in one pass. It runs over all 10,000 voices in the
 * catalog's first render, before the code is warm: plain loops, nothing allocated per voice.
 */
export function catalogFacts(voices: readonly Voice[]): CatalogFacts {
  const known = factsByCatalog.get(voices);
  if (known) return known;
  const languages = new Map<string, number>();
  const tags = new Map<string, number>();
  for (let i = 0; i < voices.length; i++) {
    const voice = voices[i]!;
    if (voice.language) languages.set(voice.language, (languages.get(voice.language) ?? 0) + 1);
    const own = voice.tags;
    for (let k = 0; k < own.length; k++) {
      const tag = own[k]!;
      // A tag listed twice on one voice counts once.
      if (tag && own.indexOf(tag) === k) tags.set(tag, (tags.get(tag) ?? 0) + 1);
    }
  }
  const facts = { languages: byCount(languages), tags: byCount(tags) };
  factsByCatalog.set(voices, facts);
  return facts;
}

export function catalogLanguages(voices: readonly Voice[]): string[] {
  return catalogFacts(voices).languages;
}

export function catalogTags(voices: readonly Voice[]): string[] {
  return catalogFacts(voices).tags;
}

function byCount(counts: Map<string, number>): string[] {
  return [...counts.entries()]
    .sort(([a, countA], [b, countB]) => countB - countA || compareNames(a, b))
    .map(([key]) => key);
}

/** Adds or removes one tag; returns undefined for none, so the URL loses the parameter. */
export function toggleTag(tags: readonly string[] | undefined, tag: string): string[] | undefined {
  const current = tags ?? [];
  const next = current.includes(tag) ? current.filter((t) => t !== tag) : [...current, tag];
  return next.length > 0 ? next : undefined;
}
