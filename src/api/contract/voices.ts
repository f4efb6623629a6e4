import { z } from './zod';
import { httpUrl, requiredText } from './common';
import { successEnvelope } from './envelope';
import { languageCodeSchema } from './languages';
import { voiceExtendFormats } from './speech-options';
import { voiceScopes } from './voice-scopes';

export { voiceScopes };
export const voiceScopeSchema = z.enum(voiceScopes, {
  error: 'scope must be one of generic, custom, celebrity, all',
});
export type VoiceScope = z.infer<typeof voiceScopeSchema>;

/** Query of GET /v1/voice/list. The designed-versus-cloned filter is not shown, so it is absent. */
export const voiceListQuerySchema = z.object({
  scope: z._default(voiceScopeSchema, 'all'),
  language: z.optional(languageCodeSchema),
});
export type VoiceListQuery = z.input<typeof voiceListQuerySchema>;

/**
 * The gender values the emulator uses. The spec does not show the allowed values, so
 * responses accept any string and the UI shows unknown ones as they are.
 */
export const voiceGenders = ['female', 'male', 'neutral'] as const;

/**
 * Voice catalog entry. Lenient: unknown fields pass through. URLs are not format-checked in
 * responses, so that a URL the gateway rewrote relative to its origin still parses.
 */
export const voiceSchema = z.looseObject({
  voice_id: z.string().check(z.minLength(1)),
  name: z.string(),
  description: z.string(),
  gender: z.string(),
  /** ISO 639-1 by the spec; not enforced on responses so one odd entry cannot blank the list. */
  language: z.string(),
  audio_url: z.string(),
  audio_cid: z.string(),
  video_url: z.optional(z.nullable(z.string())),
  video_cid: z.optional(z.nullable(z.string())),
  tags: z.array(z.string()),
  is_default: z.boolean(),
  is_precompiled: z.boolean(),
  usage_count: z.int().check(z.nonnegative()),
});
export type Voice = z.infer<typeof voiceSchema>;

export { designedVoiceTag } from './voice-scopes';

export const voiceListResponseSchema = successEnvelope(
  z.looseObject({
    voices: z.array(voiceSchema),
    count: z.int().check(z.nonnegative()),
    scope: z.string(),
  }),
);
export type VoiceListResponse = z.infer<typeof voiceListResponseSchema>;

export { voiceExtendFormats };

/** Body of POST /v1/voice/extend. */
export const voiceExtendRequestSchema = z.object({
  reference_audio_url: httpUrl('reference_audio_url'),
  text: requiredText('text'),
  format: z._default(z.enum(voiceExtendFormats, { error: 'format must be wav or mp3' }), 'wav'),
});
export type VoiceExtendRequest = z.input<typeof voiceExtendRequestSchema>;

/** Audio result of voice extend. */
export const audioResultSchema = z.looseObject({
  audio_url: z.string(),
  /** Base64 audio; the same bytes as audio_url. */
  audio_b64: z.string(),
  format: z.string(),
  /** Hz. */
  sample_rate: z.int().check(z.positive()),
  /** Seconds. */
  duration_s: z.number().check(z.nonnegative()),
});
export type AudioResult = z.infer<typeof audioResultSchema>;

export const voiceExtendResponseSchema = successEnvelope(audioResultSchema);
export type VoiceExtendResponse = z.infer<typeof voiceExtendResponseSchema>;
