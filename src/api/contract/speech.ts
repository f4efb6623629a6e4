import { z } from './zod';
import { errorDetailSchema, requiredText, taskIdSchema } from './common';
import { successEnvelope } from './envelope';
import { sampleRateBounds, speechFormats, speedBounds } from './speech-options';

export { sampleRateBounds, speechFormats, speedBounds };
export const speechFormatSchema = z.enum(speechFormats, {
  error: 'format must be one of mp3, wav, ogg',
});

export const sampleRateSchema = z
  .int({ error: 'sample_rate must be a whole number of Hz' })
  .check(
    z.minimum(sampleRateBounds.min, `sample_rate must be at least ${sampleRateBounds.min} Hz`),
    z.maximum(sampleRateBounds.max, `sample_rate must be at most ${sampleRateBounds.max} Hz`),
  );

export const speedSchema = z
  .number({ error: 'speed must be a number' })
  .check(
    z.minimum(speedBounds.min, 'speed must be between 0.5 and 2.0'),
    z.maximum(speedBounds.max, 'speed must be between 0.5 and 2.0'),
  );

const speechFields = {
  text: requiredText('text'),
  voice_id: z._default(requiredText('voice_id'), 'default'),
  format: z._default(speechFormatSchema, 'mp3'),
  sample_rate: z._default(sampleRateSchema, sampleRateBounds.default),
};

/** Body of POST /v1/t2a. `speed` is our name for the speed multiplier (not shown in the spec). */
export const t2aRequestSchema = z.object({
  ...speechFields,
  speed: z._default(speedSchema, speedBounds.default),
});
export type T2aRequest = z.input<typeof t2aRequestSchema>;

/** Body of POST /v1/t2a/async: the spec lists no speed field here, so there is none. */
export const t2aAsyncRequestSchema = z.object(speechFields);
export type T2aAsyncRequest = z.input<typeof t2aAsyncRequestSchema>;

/** Units per docs/api-decisions.md; the spec does not show them. */
export const speechExtraInfoSchema = z.looseObject({
  /** Milliseconds. */
  audio_duration: z.int().check(z.nonnegative()),
  /** Hz. */
  audio_sample_rate: z.int().check(z.positive()),
  audio_channel: z.int().check(z.positive()),
  /** Bits per second. */
  bitrate: z.int().check(z.nonnegative()),
  /** Bytes. */
  audio_size: z.int().check(z.nonnegative()),
});
export type SpeechExtraInfo = z.infer<typeof speechExtraInfoSchema>;

/**
 * The `data.status` the emulator sends for finished audio. 2 follows the T2A APIs whose response
 * shape this one mirrors (1 = still synthesizing), see docs/api-decisions.md.
 */
export const speechResultCompleteStatus = 2;

/** Synchronous speech result: hex audio in data, audio facts beside data. */
export const t2aResponseSchema = z.extend(
  successEnvelope(
    z.looseObject({
      /** Hex-encoded audio bytes. */
      audio: z.string(),
      /** Meaning not shown in the spec; see speechResultCompleteStatus. */
      status: z.int(),
    }),
  ),
  { extra_info: z.optional(speechExtraInfoSchema) },
);
export type T2aResponse = z.infer<typeof t2aResponseSchema>;

/** Values the emulator uses; responses accept any string (see speechTaskSchema). */
export const speechTaskStatusSchema = z.enum(['processing', 'completed', 'failed']);
export type SpeechTaskStatus = z.infer<typeof speechTaskStatusSchema>;
export const speechTaskStatuses = speechTaskStatusSchema.options;

export { isTerminalSpeechTaskStatus } from './speech-task-status';

export const t2aAsyncResponseSchema = successEnvelope(
  z.looseObject({ task_id: z.string().check(z.minLength(1)), status: z.string() }),
);
export type T2aAsyncResponse = z.infer<typeof t2aAsyncResponseSchema>;

/** Path of GET /v1/t2a/async/{task_id}, our route for the result (not shown in the spec). */
export const t2aAsyncResultParamsSchema = z.object({ task_id: taskIdSchema });

/**
 * An asynchronous speech task as polled. Status is any string so that a value we do not know
 * keeps polling instead of failing; result fields appear once completed, `error` once failed.
 */
export const speechTaskSchema = z.looseObject({
  task_id: z.string().check(z.minLength(1)),
  status: z.string(),
  audio_url: z.optional(z.string()),
  format: z.optional(z.string()),
  /** Hz. */
  sample_rate: z.optional(z.int().check(z.positive())),
  /** Seconds, as in the voice-extend audio result. */
  duration_s: z.optional(z.number().check(z.nonnegative())),
  error: z.optional(errorDetailSchema),
});
export type SpeechTask = z.infer<typeof speechTaskSchema>;

export const t2aAsyncResultResponseSchema = successEnvelope(speechTaskSchema);
export type T2aAsyncResultResponse = z.infer<typeof t2aAsyncResultResponseSchema>;
