import { z } from 'zod';
import { sampleRateBounds, speechFormats, speedBounds } from '../../api/contract/speech';
import { speechModes, type SpeechFormValues } from './speech-form-values';

const storageKey = 'media-studio.speech.draft';

/**
 * A saved draft is read leniently: a field that no longer fits (an older version, a hand edit)
 * falls back to its default instead of discarding everything else that was typed.
 */
const draftSchema = z.object({
  text: z.string().catch(''),
  voice_id: z.string().catch(''),
  speed: z.number().min(speedBounds.min).max(speedBounds.max).catch(speedBounds.default),
  format: z.enum(speechFormats).catch('mp3'),
  sample_rate: z
    .int()
    .min(sampleRateBounds.min)
    .max(sampleRateBounds.max)
    .catch(sampleRateBounds.default),
  mode: z.enum(speechModes).catch('sync'),
});

export const emptySpeechDraft: SpeechFormValues = {
  text: '',
  voice_id: '',
  speed: speedBounds.default,
  format: 'mp3',
  sample_rate: sampleRateBounds.default,
  mode: 'sync',
};

export function loadSpeechDraft(): SpeechFormValues | null {
  try {
    const raw = localStorage.getItem(storageKey);
    if (raw === null) return null;
    const parsed = draftSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveSpeechDraft(values: SpeechFormValues): void {
  try {
    localStorage.setItem(storageKey, JSON.stringify(values));
  } catch {
    // Storage full or blocked (private mode): the draft is a convenience, the form still works.
  }
}

export function clearSpeechDraft(): void {
  try {
    localStorage.removeItem(storageKey);
  } catch {
    // See saveSpeechDraft.
  }
}

/**
 * What the form starts with: the saved draft, except the voice, where a voice named in the URL
 * (a "Use for speech" link, a shared address) wins. An empty voice is filled with the
 * catalog's default voice once the catalog has loaded.
 */
export function initialSpeechValues(
  draft: SpeechFormValues | null,
  urlVoice: string | undefined,
): SpeechFormValues {
  const base = draft ?? emptySpeechDraft;
  return { ...base, voice_id: urlVoice ?? base.voice_id };
}
