import { z } from 'zod';
import { voiceExtendRequestSchema } from '../../api/contract/voices';
import { speechTextSchema } from './speech-form-schema';

const { reference_audio_url, format } = voiceExtendRequestSchema.shape;

/** The spec recommends a reference of 5 to 30 seconds; outside that the request still goes. */
export const referenceRecommendedS = { min: 5, max: 30 } as const;

export const referenceSources = ['url', 'file'] as const;

/**
 * The extend form: the contract's body, except that the reference is either a URL (checked
 * with the contract's rule) or a local file that is uploaded first to get one.
 */
export const extendFormSchema = z
  .object({
    source: z.enum(referenceSources),
    url: z.string(),
    file: z.custom<File>((value) => value instanceof Blob).nullable(),
    text: speechTextSchema,
    format: format.unwrap(),
  })
  .superRefine((values, ctx) => {
    if (values.source === 'url') {
      const result = reference_audio_url.safeParse(values.url.trim());
      if (!result.success)
        ctx.addIssue({ code: 'custom', path: ['url'], message: result.error.issues[0]!.message });
    } else if (!values.file) {
      ctx.addIssue({ code: 'custom', path: ['file'], message: 'Choose an audio file' });
    }
  });
export type ExtendFormValues = z.infer<typeof extendFormSchema>;

export const extendDefaults: ExtendFormValues = {
  source: 'url',
  url: '',
  file: null,
  text: '',
  format: 'wav',
};

/** Whether a measured reference is inside the recommended length. */
export function referenceLengthWarning(durationS: number): string | null {
  if (durationS < referenceRecommendedS.min)
    return `This clip is shorter than the recommended ${referenceRecommendedS.min} s: the voice may match less well.`;
  if (durationS > referenceRecommendedS.max)
    return `This clip is longer than the recommended ${referenceRecommendedS.max} s.`;
  return null;
}
