import { z } from './zod';

/**
 * Error codes the dashboard and the emulator know by name. The service may send others:
 * the envelope accepts any string, these are the ones we give a meaning to.
 */
export const errorCodes = {
  invalidRequest: 'invalid_request',
  unauthorized: 'unauthorized',
  notFound: 'not_found',
  rateLimitExceeded: 'rate_limit_exceeded',
  requestFailed: 'request_failed',
} as const;

export type KnownErrorCode = (typeof errorCodes)[keyof typeof errorCodes];

/** HTTP status per error code (docs/api-decisions.md: the spec does not show them). */
export const errorStatus: Record<KnownErrorCode, number> = {
  invalid_request: 400,
  unauthorized: 401,
  not_found: 404,
  rate_limit_exceeded: 429,
  request_failed: 500,
};

/** `{ "error": { "code", "message" } }`: every failure of every endpoint. */
export const errorEnvelopeSchema = z.object({
  error: z.looseObject({
    code: z.string().check(z.minLength(1)),
    message: z.string(),
  }),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/**
 * A success body: `data` plus, usually, `trace_id`. Parsed leniently because the real
 * service may add fields the spec does not show, and omits trace_id on some endpoints.
 */
export function successEnvelope<T extends z.core.$ZodType>(data: T) {
  return z.looseObject({
    data,
    trace_id: z.optional(z.string()),
  });
}
