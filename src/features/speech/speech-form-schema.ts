import { z } from 'zod';
import { t2aRequestSchema } from '../../api/contract/speech';

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

/** The contract's text rule plus the service's length limit. */
export const speechTextSchema = t2aRequestSchema.shape.text.refine(
  (text) => countCharacters(text) <= speechTextMaxLength,
  { error: `text must be at most ${speechTextMaxLength} characters` },
);

export const speechModes = ['sync', 'async'] as const;
export type SpeechMode = (typeof speechModes)[number];

const { voice_id, format, sample_rate, speed } = t2aRequestSchema.shape;

/**
 * The speech form: the body of POST /v1/t2a with its defaults removed (the form always shows a
 * value), plus how to send it. Every field rule comes from the contract.
 */
export const speechFormSchema = z.object({
  text: speechTextSchema,
  voice_id: voice_id.unwrap(),
  speed: speed.unwrap(),
  format: format.unwrap(),
  sample_rate: sample_rate.unwrap(),
  mode: z.enum(speechModes),
});
export type SpeechFormValues = z.infer<typeof speechFormSchema>;
export type SpeechField = Exclude<keyof SpeechFormValues, 'mode'>;
export const speechFields: readonly SpeechField[] = [
  'text',
  'voice_id',
  'speed',
  'format',
  'sample_rate',
];
