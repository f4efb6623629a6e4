import type { Voice } from '../../api/contract/voices';
import type { VoicesSearch } from './search';
import { byUsage } from './usage-order';
import { compareNames } from '../../lib/compare-text';

type VoiceSort = VoicesSearch['sort'];

const byName = (a: Voice, b: Voice) =>
  compareNames(a.name, b.name) || compareNames(a.voice_id, b.voice_id);
const byUsageThenName = (a: Voice, b: Voice) => b.usage_count - a.usage_count || byName(a, b);

/** Returns a new array; ties fall back to the name so the order never jumps between renders. */
export function sortVoices(voices: readonly Voice[], sort: VoiceSort): Voice[] {
  if (sort === 'name') return [...voices].sort(byName);
  // Counts first, then the collator only within each run of equal counts: the same order as
  // byUsageThenName, with a fraction of the (slower) name comparisons on 10,000 voices.
  const sorted = byUsage(voices);
  for (let start = 0; start < sorted.length;) {
    const count = sorted[start]!.usage_count;
    let end = start + 1;
    while (end < sorted.length && sorted[end]!.usage_count === count) end++;
    if (end - start > 1) {
      const run = sorted.slice(start, end).sort(byName);
      run.forEach((voice, i) => (sorted[start + i] = voice));
    }
    start = end;
  }
  return sorted;
}

/**
 * All the voices, the first `size` of them as `sortVoices` orders them and the rest as given:
 * one pass that mostly compares numbers, for a first screen that cannot wait for the full sort.
 */
export function sortHead(voices: readonly Voice[], sort: VoiceSort, size: number): Voice[] {
  const compare = sort === 'name' ? byName : byUsageThenName;
  const head: Voice[] = [];
  for (const voice of voices) {
    if (head.length === size && compare(voice, head[size - 1]!) >= 0) continue;
    let at = head.length;
    while (at > 0 && compare(voice, head[at - 1]!) < 0) at--;
    head.splice(at, 0, voice);
    if (head.length > size) head.pop();
  }
  const inHead = new Set(head);
  return [...head, ...voices.filter((voice) => !inHead.has(voice))];
}
