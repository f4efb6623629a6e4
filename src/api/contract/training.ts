import { z } from './zod';
import {
  errorDetailSchema,
  httpUrl,
  requiredText,
  snakeCaseNameSchema,
  taskIdSchema,
} from './common';
import { successEnvelope } from './envelope';
import { recommendedReferenceClips } from './training-limits';
import {
  isTerminalTrainingStatus,
  terminalTrainingStatuses,
  trainingStatuses,
  type TerminalTrainingStatus,
  type TrainingStatus,
} from './training-statuses';

export const trainingStatusSchema = z.enum(trainingStatuses);
export const terminalTrainingStatusSchema = z.enum(terminalTrainingStatuses);
export { isTerminalTrainingStatus, terminalTrainingStatuses, trainingStatuses };
export type { TerminalTrainingStatus, TrainingStatus };

export { recommendedReferenceClips };

/** Body of POST /v1/training/voice. */
export const voiceTrainingRequestSchema = z.object({
  reference_urls: z
    .array(httpUrl('each reference_urls item'), {
      error: 'reference_urls must be a list of audio URLs',
    })
    .check(z.minLength(1, 'reference_urls must contain at least one audio URL')),
  name: snakeCaseNameSchema,
});
export type VoiceTrainingRequest = z.input<typeof voiceTrainingRequestSchema>;

const schemePrefix = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * A LoRA dataset is a URL to a zip archive or a file id from file upload. Anything with a
 * scheme is judged as a URL (and must be http(s)); anything else is taken as a file id,
 * because file ids are opaque. `null` means neither.
 */
export function datasetKind(dataset: string): 'url' | 'file_id' | null {
  if (dataset.trim() === '') return null;
  if (!schemePrefix.test(dataset)) return /\s/.test(dataset) ? null : 'file_id';
  return httpUrl('dataset').safeParse(dataset).success ? 'url' : null;
}

// An empty value already fails requiredText; one message is enough.
export const datasetSchema = requiredText('dataset').check(
  z.refine((value) => value === '' || datasetKind(value) !== null, {
    message: 'dataset must be an http(s) URL to a zip archive or a file id returned by file upload',
  }),
);

/** Body of POST /v1/training/lora/music and POST /v1/training/lora/video. */
export const loraTrainingRequestSchema = z.object({
  dataset: datasetSchema,
  name: snakeCaseNameSchema,
});
export type LoraTrainingRequest = z.input<typeof loraTrainingRequestSchema>;

const trainingCreatedFields = {
  task_id: z.string().check(z.minLength(1)),
  name: z.string(),
  status: z.string(),
};

export const loraTrainingResponseSchema = successEnvelope(z.looseObject(trainingCreatedFields));
export type LoraTrainingResponse = z.infer<typeof loraTrainingResponseSchema>;

export const voiceTrainingResponseSchema = successEnvelope(
  z.looseObject({ ...trainingCreatedFields, voice_id: z.string() }),
);
export type VoiceTrainingResponse = z.infer<typeof voiceTrainingResponseSchema>;

/** Path of GET /v1/training/status/{task_id}. */
export const trainingStatusParamsSchema = z.object({ task_id: taskIdSchema });

/**
 * A training job as polled. Status is any string so an unknown state keeps polling; the
 * per-state fields are optional because each appears only in its state. No `voice_id`: the
 * spec shows it on the voice-training creation response only (the name is the voice_id).
 */
export const trainingJobSchema = z.looseObject({
  task_id: z.string().check(z.minLength(1)),
  name: z.string(),
  status: z.string(),
  progress: z.int().check(z.minimum(0), z.maximum(100)),
  current_step: z.optional(z.int().check(z.nonnegative())),
  total_steps: z.optional(z.int().check(z.nonnegative())),
  cost_estimate: z.optional(z.number()),
  total_cost: z.optional(z.number()),
  asset_url: z.optional(z.string()),
  error: z.optional(errorDetailSchema),
});
export type TrainingJob = z.infer<typeof trainingJobSchema>;

export const trainingStatusResponseSchema = successEnvelope(trainingJobSchema);
export type TrainingStatusResponse = z.infer<typeof trainingStatusResponseSchema>;
