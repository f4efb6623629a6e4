import { z } from './zod';
import {
  httpUrl,
  idempotencyKeySchema,
  isoTimestampSchema,
  parametersSchema,
  requiredText,
} from './common';
import { successEnvelope } from './envelope';
import { missingInputIssues, referenceImageUrlsLimits } from './tool-inputs';
import { imageToolNames, videoToolNames } from './tool-names';

const { min, max } = referenceImageUrlsLimits;
const referenceImageUrlsSchema = z
  .array(httpUrl('each parameters.reference_image_urls item'))
  .check(
    z.minLength(min, `parameters.reference_image_urls must hold at least ${min} image URL`),
    z.maxLength(max, `parameters.reference_image_urls must hold at most ${max} image URLs`),
  );

/**
 * Rules that depend on the selected tool: its required inputs must be present in `parameters`,
 * and `reference_image_urls`, wherever it is given, holds 1 to 9 URLs. Issues go on the path
 * of the input so a form can show them beside the field.
 */
function checkToolInputs(
  request: { tool?: string | undefined; parameters?: Record<string, unknown> | undefined },
  ctx: z.core.$RefinementCtx,
): void {
  const missing = missingInputIssues(request.tool, request.parameters);
  for (const { path, message } of missing) ctx.addIssue({ code: 'custom', path, message });
  const refs = request.parameters?.reference_image_urls;
  if (refs === undefined || missing.some(({ path }) => path[1] === 'reference_image_urls')) return;
  // Checked apart because zod would also run the length checks on a string.
  if (!Array.isArray(refs)) {
    ctx.addIssue({
      code: 'custom',
      path: ['parameters', 'reference_image_urls'],
      message: 'parameters.reference_image_urls must be a list of image URLs',
    });
    return;
  }
  const result = referenceImageUrlsSchema.safeParse(refs);
  for (const issue of result.error?.issues ?? []) {
    ctx.addIssue({
      code: 'custom',
      path: ['parameters', 'reference_image_urls', ...issue.path],
      message: issue.message,
    });
  }
}

const generationFields = {
  prompt: requiredText('prompt'),
  parameters: z.optional(parametersSchema),
  /** Field name chosen by us: the spec does not show it (docs/api-decisions.md). */
  idempotency_key: z.optional(idempotencyKeySchema),
};

/** Body of POST /v1/video/generate. Omitting `tool` means automatic choice, like `auto`. */
export const videoGenerationRequestSchema = z
  .object({ ...generationFields, tool: z.optional(videoToolNames) })
  .check(z.superRefine(checkToolInputs));
export type VideoGenerationRequest = z.input<typeof videoGenerationRequestSchema>;

/** Body of POST /v1/image/generate. */
export const imageGenerationRequestSchema = z
  .object({ ...generationFields, tool: z.optional(imageToolNames) })
  .check(z.superRefine(checkToolInputs));
export type ImageGenerationRequest = z.input<typeof imageGenerationRequestSchema>;

/** The spec does not show the fields of a generation result: any object is accepted. */
export const generationResponseSchema = successEnvelope(z.looseObject({}));
export type GenerationResponse = z.infer<typeof generationResponseSchema>;

export const generationOutputSchema = z.looseObject({
  url: z.string().check(z.minLength(1)),
  content_type: z.string().check(z.minLength(1)),
  /** Pixels. */
  width: z.optional(z.int().check(z.positive())),
  height: z.optional(z.int().check(z.positive())),
  /** Seconds, for video. */
  duration: z.optional(z.number().check(z.positive())),
});
export type GenerationOutput = z.infer<typeof generationOutputSchema>;

/**
 * What our emulator puts inside `data`. The UI may try it with safeParse to show outputs,
 * and must fall back to showing the raw object when the real service answers differently.
 */
export const emulatorGenerationDataSchema = z.looseObject({
  id: z.string().check(z.minLength(1)),
  tool: z.string().check(z.minLength(1)),
  status: z.string().check(z.minLength(1)),
  prompt: z.string(),
  created_at: isoTimestampSchema,
  outputs: z.array(generationOutputSchema),
});
export type EmulatorGenerationData = z.infer<typeof emulatorGenerationDataSchema>;
