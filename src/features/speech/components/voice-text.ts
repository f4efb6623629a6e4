import { languageName } from '../../../api/contract/language-names';
import type { Voice } from '../../../api/contract/voices';

/** The voice picker's words, shared by the picker and its stand-in while the picker loads. */
export function describeVoice(voice: Voice): string {
  return `${languageName(voice.language)} · ${voice.gender}`;
}

/** The input's text for a chosen voice: its name and id, or the bare id if not in the catalog. */
export function voiceInputText(id: string | null, voice: Voice | undefined): string {
  if (!id) return '';
  return voice ? `${voice.name} (${id})` : id;
}

export function voiceSearchHint(loading: boolean): string {
  return loading ? 'Loading voices…' : 'Search voices';
}

/** What the chosen voice is, or how to find one while none is chosen. */
export function voiceSummary(selected: Voice | null, loading: boolean, count: number): string {
  if (selected) return `${describeVoice(selected)}. ${selected.description}`;
  return loading
    ? 'Loading the voice catalog…'
    : `${count} voices. Type a name, language or gender to search.`;
}
