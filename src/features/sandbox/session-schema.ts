import { z } from '../../api/contract/zod';
import { sandboxLanguages } from '../../api/contract/sandbox-languages';

/** A sandbox as this browser records it (loaded with the first read or write of the list). */
export const sandboxSessionSchema = z.object({
  /** The sandbox_id: a session is stored under it. */
  id: z.string().check(z.minLength(1)),
  sandbox_id: z.string().check(z.minLength(1)),
  status: z.string(),
  /** As sent, which the service echoes: the row's curl repeats the request that made it. */
  language: z.enum(sandboxLanguages),
  /** ISO 8601, from the service. */
  created_at: z.string(),
  packages: z.array(z.string()),
  trace_id: z.optional(z.string()),
  order: z.number(),
});
export type SandboxSession = z.infer<typeof sandboxSessionSchema>;
