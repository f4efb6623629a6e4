import { z } from './zod';
import { isoTimestampSchema } from './common';
import { successEnvelope } from './envelope';
import { sandboxLanguages } from './sandbox-languages';

export { sandboxLanguages } from './sandbox-languages';

/**
 * Body of POST /v1/code/sandbox. Required-ness is not shown: a sandbox without a language
 * cannot run anything, so `language` is required; `packages` is optional and defaults to none.
 */
export const sandboxRequestSchema = z.object({
  language: z.enum(sandboxLanguages, {
    error: (issue) =>
      issue.input === undefined
        ? 'language is required'
        : 'language must be one of python, javascript, typescript',
  }),
  packages: z._default(
    z.array(z.string().check(z.minLength(1, 'each package name must not be empty')), {
      error: 'packages must be a list of package names',
    }),
    [],
  ),
});
export type SandboxRequest = z.input<typeof sandboxRequestSchema>;

export const sandboxSchema = z.looseObject({
  sandbox_id: z.string().check(z.minLength(1)),
  /** `ready` on creation; other values are not shown. */
  status: z.string(),
  language: z.string(),
  created_at: isoTimestampSchema,
});
export type Sandbox = z.infer<typeof sandboxSchema>;

/** The spec's sandbox response has no trace_id; the envelope allows its absence. */
export const sandboxResponseSchema = successEnvelope(sandboxSchema);
export type SandboxResponse = z.infer<typeof sandboxResponseSchema>;
