import { useDeferredValue, useMemo } from 'react';
import type { Voice } from '../../api/contract/voices';
import { filterVoices, type VoiceView } from './filter-voices';
import { sortHead, sortVoices } from './sort-voices';

/** More cards than any first screen holds. */
const headSize = 60;

interface SortRequest {
  voices: readonly Voice[];
  sort: VoiceView['sort'];
}

const nothing: SortRequest = { voices: [], sort: 'usage' };

/**
 * The voices as the page shows them: filtered, then sorted. Sorting 10,000 voices takes tens
 * of ms, so a new list is first shown with only its head sorted (what the first screen holds)
 * and the full order follows in a deferred render, which React can interrupt for input.
 */
export function useVoiceView(voices: readonly Voice[] | undefined, view: VoiceView): Voice[] {
  const filtered = useMemo(() => (voices ? filterVoices(voices, view) : []), [voices, view]);
  const request = useMemo(() => ({ voices: filtered, sort: view.sort }), [filtered, view.sort]);
  const settled = useDeferredValue(request, nothing);
  const sorted = useMemo(() => sortVoices(settled.voices, settled.sort), [settled]);
  const head = useMemo(
    () => (settled === request ? null : sortHead(request.voices, request.sort, headSize)),
    [settled, request],
  );
  return head ?? sorted;
}
