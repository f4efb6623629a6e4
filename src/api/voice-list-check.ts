import type { VoiceListResponse } from './contract/voices';
import {
  isCount,
  isNullableString,
  isPlainRecord,
  isString,
  isStringArray,
  optional,
} from './hand-check';

/**
 * True only for a body `voiceListResponseSchema` accepts and returns unchanged, checked by hand.
 * The page builds no eval'd code (CSP), so zod walks each of a 10,000-voice catalog's fields
 * through its generic path: about 100 ms on a laptop, before the list can show. A hand check
 * costs a few ms. Anything it does not accept goes through zod, which then names the issue.
 */
export function isVoiceListResponse(body: unknown): body is VoiceListResponse {
  if (!isPlainRecord(body) || !optionalString(body.trace_id)) return false;
  const data = body.data;
  if (!isPlainRecord(data) || !isCount(data.count) || typeof data.scope !== 'string') return false;
  const voices = data.voices;
  if (!Array.isArray(voices)) return false;
  // Index loops: this runs once, on 10,000 entries, before the code is warm.
  for (let i = 0; i < voices.length; i++) if (!isVoice(voices[i])) return false;
  return true;
}

function isVoice(value: unknown): boolean {
  if (!isPlainRecord(value)) return false;
  const voice = value;
  return (
    typeof voice.voice_id === 'string' &&
    voice.voice_id.length > 0 &&
    typeof voice.name === 'string' &&
    typeof voice.description === 'string' &&
    typeof voice.gender === 'string' &&
    typeof voice.language === 'string' &&
    typeof voice.audio_url === 'string' &&
    typeof voice.audio_cid === 'string' &&
    nullableString(voice.video_url) &&
    nullableString(voice.video_cid) &&
    isStringArray(voice.tags) &&
    typeof voice.is_default === 'boolean' &&
    typeof voice.is_precompiled === 'boolean' &&
    isCount(voice.usage_count)
  );
}

/** `z.optional(z.nullable(z.string()))`. */
const nullableString = optional(isNullableString);
const optionalString = optional(isString);
