import { z } from '../../api/contract/zod';
import { t2aRequestSchema } from '../../api/contract/speech';
import { countCharacters, speechModes, speechTextMaxLength } from './speech-form-values';

/** The contract's text rule plus the service's length limit. */
export const speechTextSchema = t2aRequestSchema.shape.text.check(
  z.refine((text: string) => countCharacters(text) <= speechTextMaxLength, {
    error: `text must be at most ${speechTextMaxLength} characters`,
  }),
);

const { voice_id, format, sample_rate, speed } = t2aRequestSchema.shape;

/**
 * The speech form: the body of POST /v1/t2a with its defaults removed (the form always shows a
 * value), plus how to send it. Every field rule comes from the contract.
 */
export const speechFormSchema = z.object({
  text: speechTextSchema,
  voice_id: voice_id.def.innerType,
  speed: speed.def.innerType,
  format: format.def.innerType,
  sample_rate: sample_rate.def.innerType,
  mode: z.enum(speechModes),
});
export type SpeechFormValues = z.infer<typeof speechFormSchema>;
export type SpeechField = Exclude<keyof SpeechFormValues, 'mode'>;
