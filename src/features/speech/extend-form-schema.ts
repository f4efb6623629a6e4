import { z } from '../../api/contract/zod';
import { voiceExtendRequestSchema } from '../../api/contract/voices';
import { referenceSources } from './extend-form-values';
import { speechTextSchema } from './speech-form-schema';

const { reference_audio_url, format } = voiceExtendRequestSchema.shape;

/**
 * The extend form: the contract's body, except that the reference is either a URL (checked
 * with the contract's rule) or a local file that is uploaded first to get one.
 */
export const extendFormSchema = z
  .object({
    source: z.enum(referenceSources),
    url: z.string(),
    file: z.nullable(z.custom<File>((value) => value instanceof Blob)),
    text: speechTextSchema,
    format: format.def.innerType,
  })
  .check(
    z.superRefine((values, ctx) => {
      if (values.source === 'url') {
        const result = reference_audio_url.safeParse(values.url.trim());
        if (!result.success)
          ctx.addIssue({ code: 'custom', path: ['url'], message: result.error.issues[0]!.message });
      } else if (!values.file) {
        ctx.addIssue({ code: 'custom', path: ['file'], message: 'Choose an audio file' });
      }
    }),
  );
export type ExtendFormValues = z.infer<typeof extendFormSchema>;
