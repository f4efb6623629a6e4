import { z } from './contract/zod';

/**
 * Hand checks for responses too big for zod's generic path, keyed by the contract's schema.
 * Each accepts only bodies its schema returns unchanged, so passing one is as safe as parsing.
 * Registered where the schemas are loaded (endpoint-definitions.ts): this module, which every
 * request goes through, builds none of the service's schemas itself.
 */
const quickChecks = new Map<z.core.$ZodType, (body: unknown) => boolean>();

/** Lets `parseResponse` skip zod for `schema` when `check` passes. */
export function addQuickCheck(schema: z.core.$ZodType, check: (body: unknown) => boolean) {
  quickChecks.set(schema, check);
}

/** The schema's safeParse, skipped when a hand check already proves the body valid. */
export function parseResponse<S extends z.core.$ZodType>(
  schema: S,
  body: unknown,
): z.util.SafeParseResult<z.output<S>> {
  if (quickChecks.get(schema)?.(body)) return { success: true, data: body as z.output<S> };
  return z.safeParse(schema, body);
}
