// No zod here: the speech form and its counter draw from these at once; the schema
// (speech-form-schema.ts) loads when the form first validates.
import type { SpeechField, SpeechFormValues } from './speech-form-schema';

export type { SpeechField, SpeechFormValues };

/**
 * The emulator refuses longer texts on t2a, t2a/async and voice/extend (docs/api-decisions.md,
 * "Speech text length"); the contract itself has no maximum, so the form carries it.
 */
export const speechTextMaxLength = 5000;

/** Code points, as the service counts them: an emoji or a CJK character is one. */
export function countCharacters(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

export const speechModes = ['sync', 'async'] as const;
export type SpeechMode = (typeof speechModes)[number];

export const speechFields: readonly SpeechField[] = [
  'text',
  'voice_id',
  'speed',
  'format',
  'sample_rate',
];

/** The form's labels, for the contract's messages that name these fields (field-labels.ts). */
export const speechFieldLabels = {
  text: 'Text',
  voice_id: 'Voice',
  speed: 'Speed',
  format: 'Format',
  sample_rate: 'Sample rate',
} as const satisfies Record<SpeechField, string>;
