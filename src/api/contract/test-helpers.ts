import { z } from './zod';

/** A failed parse as `path: message` pairs (path joined with dots), or [] when it passes. */
export function issuesOf(
  schema: z.core.$ZodType,
  value: unknown,
): { path: string; message: string }[] {
  const result = z.safeParse(schema, value);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

/** Only the paths, for assertions that do not care about wording. */
export function issuePaths(schema: z.core.$ZodType, value: unknown): string[] {
  return issuesOf(schema, value).map((issue) => issue.path);
}

/** A catalog voice as the service sends it, valid against `voiceSchema`. */
export const sampleVoice = {
  voice_id: 'narrator',
  name: 'Narrator',
  description: 'Warm and calm',
  gender: 'female',
  language: 'en',
  audio_url: 'https://cdn.example.com/narrator.mp3',
  audio_cid: 'bafy-audio',
  video_url: null,
  video_cid: null,
  tags: ['designed'],
  is_default: true,
  is_precompiled: false,
  usage_count: 12,
};
