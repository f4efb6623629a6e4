import { z } from './zod';
import { snakeCaseNameMaxLength } from './training-limits';

/**
 * A required string with messages that name the field, so a form or an emulator error can
 * show them as they are. Zod's defaults ("expected string, received undefined") do not say which.
 */
export function requiredText(field: string) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined ? `${field} is required` : `${field} must be a string`,
    })
    .check(z.minLength(1, `${field} must not be empty`));
}

export { snakeCaseNameMaxLength };

/** Voice and LoRA names: they become permanent identifiers (voice_id, lora_name). */
export const snakeCaseNameSchema = requiredText('name').check(
  z.maxLength(snakeCaseNameMaxLength, `name must be at most ${snakeCaseNameMaxLength} characters`),
  // `*`, not `+`: emptiness already has its own message.
  z.regex(/^[a-z0-9_]*$/, 'name must use lowercase letters, digits and underscores only'),
);

/**
 * An absolute http(s) URL. Any host is allowed (not only dotted domains as with z.httpUrl)
 * because the emulator hands out http://localhost URLs that must be usable as inputs.
 */
export function httpUrl(field: string) {
  return z.url({
    protocol: /^https?$/,
    error: (issue) =>
      issue.input === undefined
        ? `${field} is required`
        : `${field} must be an absolute http(s) URL`,
  });
}

export const idempotencyKeyMaxLength = 240;

/** An empty key would make unrelated keyless retries collide, so it needs at least 1 character. */
export const idempotencyKeySchema = z
  .string({ error: 'idempotency_key must be a string' })
  .check(
    z.minLength(1, 'idempotency_key must not be empty (omit it instead)'),
    z.maxLength(
      idempotencyKeyMaxLength,
      `idempotency_key must be at most ${idempotencyKeyMaxLength} characters`,
    ),
  );

/**
 * ISO 8601 date-time. Offset and offset-less forms are both accepted: the spec only says
 * "ISO 8601", and rejecting a response over its time-zone notation would blank a page.
 */
export const isoTimestampSchema = z.iso.datetime({
  offset: true,
  local: true,
  error: 'must be an ISO 8601 date-time',
});

/** Task ids are opaque: any non-empty string the service returned. */
export const taskIdSchema = requiredText('task_id');

/** `parameters` of a generation request: tool inputs whose value types the spec does not show. */
export const parametersSchema = z.record(z.string(), z.unknown(), {
  error: 'parameters must be an object',
});

/**
 * An error reported inside a success body (failed training job, failed speech task). The spec
 * does not show its shape: we send `{ code, message }` and also accept a bare string.
 */
export const errorDetailSchema = z.union([
  z.looseObject({ code: z.string(), message: z.string() }),
  z.string(),
]);
export type ErrorDetail = z.infer<typeof errorDetailSchema>;

export { describeErrorDetail } from './error-detail';
