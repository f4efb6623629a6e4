import { z } from './zod';
import { toolEndpoints, toolGroups } from './tool-groups';

/**
 * What the catalog says about one tool. The catalog itself (tools.ts) is plain data that only
 * takes its type from here, so the Generate page lists tools without loading zod; the tests
 * check every entry against this schema.
 */
export const toolInfoSchema = z.object({
  name: z.string().check(z.regex(/^[a-z0-9_]+$/)),
  endpoint: z.enum(toolEndpoints),
  group: z.enum(toolGroups),
  /** Input names inside `parameters`, spelled as in the spec. */
  requiredInputs: z.readonly(z.array(z.string().check(z.minLength(1)))),
  capability: z.string().check(z.minLength(1)),
  /** Optional controls the spec names, in its words; their parameter names are not shown. */
  controls: z.optional(z.readonly(z.array(z.string().check(z.minLength(1))))),
  limits: z.optional(
    z.partial(
      z.object({
        minReferenceImages: z.int().check(z.positive()),
        maxReferenceImages: z.int().check(z.positive()),
        maxDurationSeconds: z.number().check(z.positive()),
      }),
    ),
  ),
});
export type ToolInfo = z.infer<typeof toolInfoSchema>;
