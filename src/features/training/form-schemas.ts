import { z } from '../../api/contract/zod';
import { httpUrl, snakeCaseNameSchema } from '../../api/contract/common';
import { datasetKind } from '../../api/contract/training';
import { datasetSources, isZip, urlLines } from './form-values';

const referenceUrl = httpUrl('reference URL');
const localFiles = z.array(z.instanceof(File));

/** The voice form: the contract's name rule, and the reference_urls rule applied to each line. */
export const voiceFormSchema = z
  .object({
    display_name: z.string().check(z.maxLength(200, 'Display name must be at most 200 characters')),
    name: snakeCaseNameSchema,
    urls: z.string(),
    clips: localFiles,
  })
  .check(
    z.superRefine((values, ctx) => {
      const lines = urlLines(values.urls);
      const bad = lines.find((line) => !referenceUrl.safeParse(line).success);
      if (bad)
        ctx.addIssue({
          code: 'custom',
          path: ['urls'],
          message: `“${bad}” is not an absolute http(s) URL`,
        });
      if (lines.length + values.clips.length === 0)
        ctx.addIssue({
          code: 'custom',
          path: ['clips'],
          message: 'Add at least one reference clip: a URL or a local audio file',
        });
    }),
  );
export type VoiceFormValues = z.infer<typeof voiceFormSchema>;

/** A LoRA form: the dataset comes from one of three sources, each checked by the contract's rule. */
export const loraFormSchema = z
  .object({
    display_name: z.string().check(z.maxLength(200, 'Display name must be at most 200 characters')),
    name: snakeCaseNameSchema,
    source: z.enum(datasetSources),
    url: z.string(),
    file_id: z.string(),
    files: localFiles,
  })
  .check(
    z.superRefine((values, ctx) => {
      const issue = (path: 'url' | 'file_id' | 'files', message: string) =>
        ctx.addIssue({ code: 'custom', path: [path], message });
      if (values.source === 'url' && datasetKind(values.url.trim()) !== 'url')
        issue('url', 'Enter an absolute http(s) URL to a zip archive');
      if (values.source === 'file_id' && datasetKind(values.file_id.trim()) !== 'file_id')
        issue('file_id', 'Enter a file id returned by file upload (no spaces, no scheme)');
      if (values.source === 'local') {
        if (values.files.length === 0) issue('files', 'Add media files or one .zip archive');
        else if (values.files.some(isZip) && values.files.length > 1)
          issue('files', 'Use one .zip archive or loose files, not both');
      }
    }),
  );
export type LoraFormValues = z.infer<typeof loraFormSchema>;
