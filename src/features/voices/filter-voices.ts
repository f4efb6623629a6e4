import type { Voice } from '../../api/contract/voices';
import type { VoicesSearch } from './search';

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
  const terms = normalizeText(query ?? '')
    .split(/\s+/)
    .filter(Boolean);
  if (terms.length === 0) return true;
  const haystack = normalizeText([voice.name, voice.description, ...voice.tags].join(' '));
  return terms.every((term) => haystack.includes(term));
}

/** A voice must carry every selected tag: each chip narrows the list further. */
export function matchesTags(voice: Voice, tags: readonly string[] | undefined): boolean {
  if (!tags || tags.length === 0) return true;
  return tags.every((tag) => voice.tags.includes(tag));
}

export function filterVoices(voices: readonly Voice[], view: VoiceView): Voice[] {
  return voices.filter(
    (voice) =>
      (!view.gender || voice.gender === view.gender) &&
      matchesTags(voice, view.tags) &&
      matchesQuery(voice, view.q),
  );
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
const byName = (a: Voice, b: Voice) =>
  collator.compare(a.name, b.name) || collator.compare(a.voice_id, b.voice_id);

/** Returns a new array; ties fall back to the name so the order never jumps between renders. */
export function sortVoices(voices: readonly Voice[], sort: VoicesSearch['sort']): Voice[] {
  const sorted = [...voices];
  if (sort === 'name') return sorted.sort(byName);
  return sorted.sort((a, b) => b.usage_count - a.usage_count || byName(a, b));
}

export function applyVoiceView(voices: readonly Voice[], view: VoiceView): Voice[] {
  return sortVoices(filterVoices(voices, view), view.sort);
}

/** True when something besides scope and sort narrows the list, i.e. "Clear filters" has work to do. */
export function hasActiveFilters(search: Partial<VoicesSearch>): boolean {
  return Boolean(search.language || search.q?.trim() || search.gender || search.tags?.length);
}

/** Language codes present in the catalog, most voices first, then by code. */
export function catalogLanguages(voices: readonly Voice[]): string[] {
  return countBy(voices, (voice) => [voice.language]);
}

/** Tags present in the catalog, most used first, then alphabetically. */
export function catalogTags(voices: readonly Voice[]): string[] {
  return countBy(voices, (voice) => voice.tags);
}

function countBy(voices: readonly Voice[], keys: (voice: Voice) => readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const voice of voices) {
    for (const key of new Set(keys(voice))) if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b))
    .map(([key]) => key);
}

/** Adds or removes one tag; returns undefined for none, so the URL loses the parameter. */
export function toggleTag(tags: readonly string[] | undefined, tag: string): string[] | undefined {
  const current = tags ?? [];
  const next = current.includes(tag) ? current.filter((t) => t !== tag) : [...current, tag];
  return next.length > 0 ? next : undefined;
}
