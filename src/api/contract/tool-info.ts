import { z } from 'zod';
import { toolEndpoints, toolGroups } from './tool-groups';

/**
 * What the catalog says about one tool. The catalog itself (tools.ts) is plain data that only
 * takes its type from here, so the Generate page lists tools without loading zod; the tests
 * check every entry against this schema.
 */
export const toolInfoSchema = z.object({
  name: z.string().regex(/^[a-z0-9_]+$/),
  endpoint: z.enum(toolEndpoints),
  group: z.enum(toolGroups),
  /** Input names inside `parameters`, spelled as in the spec. */
  requiredInputs: z.array(z.string().min(1)).readonly(),
  capability: z.string().min(1),
  /** Optional controls the spec names, in its words; their parameter names are not shown. */
  controls: z.array(z.string().min(1)).readonly().optional(),
  limits: z
    .object({
      minReferenceImages: z.int().positive(),
      maxReferenceImages: z.int().positive(),
      maxDurationSeconds: z.number().positive(),
    })
    .partial()
    .optional(),
});
export type ToolInfo = z.infer<typeof toolInfoSchema>;
