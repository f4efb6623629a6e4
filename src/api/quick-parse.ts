import { z } from './contract/zod';
import { voiceListResponseSchema } from './contract/voices';
import { isVoiceListResponse } from './voice-list-check';

/**
 * Hand checks for responses too big for zod's generic path, keyed by the contract's schema.
 * Each accepts only bodies its schema returns unchanged, so passing one is as safe as parsing.
 */
const quickChecks = new Map<z.core.$ZodType, (body: unknown) => boolean>([
  [voiceListResponseSchema, isVoiceListResponse],
]);

/** The schema's safeParse, skipped when a hand check already proves the body valid. */
export function parseResponse<S extends z.core.$ZodType>(
  schema: S,
  body: unknown,
): z.util.SafeParseResult<z.output<S>> {
  if (quickChecks.get(schema)?.(body)) return { success: true, data: body as z.output<S> };
  return z.safeParse(schema, body);
}
