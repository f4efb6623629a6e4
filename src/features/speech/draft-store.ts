import { sampleRateBounds, speechFormats, speedBounds } from '../../api/contract/speech-options';
import { speechModes, type SpeechFormValues } from './speech-form-values';

const storageKey = 'media-studio.speech.draft';

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const within = (value: unknown, bounds: { min: number; max: number }) =>
  typeof value === 'number' && Number.isFinite(value) && value >= bounds.min && value <= bounds.max;
const oneOf = <T extends string>(options: readonly T[], value: unknown, fallback: T): T =>
  options.find((option) => option === value) ?? fallback;

/**
 * A saved draft is read leniently: a field that no longer fits (an older version, a hand edit)
 * falls back to its default instead of discarding everything else that was typed. Without zod:
 * the form draws the draft at once, before its schema has loaded.
 */
function readDraft(saved: unknown): SpeechFormValues | null {
  if (typeof saved !== 'object' || saved === null || Array.isArray(saved)) return null;
  const draft = saved as Record<string, unknown>;
  return {
    text: text(draft.text),
    voice_id: text(draft.voice_id),
    speed: within(draft.speed, speedBounds) ? (draft.speed as number) : speedBounds.default,
    format: oneOf(speechFormats, draft.format, 'mp3'),
    sample_rate:
      Number.isSafeInteger(draft.sample_rate) && within(draft.sample_rate, sampleRateBounds)
        ? (draft.sample_rate as number)
        : sampleRateBounds.default,
    mode: oneOf(speechModes, draft.mode, 'sync'),
  };
}

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
    return readDraft(JSON.parse(raw));
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
