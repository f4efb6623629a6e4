import { z } from '../../api/contract/zod';
import { connectionRules, isHttpUrl, isServiceOrigin } from '../../lib/connection-settings';

/** A direct connection, each rule with its message; the same checks the saved one passes. */
const directConnectionSchema = z.object({
  mode: z.literal('direct'),
  baseUrl: z
    .string()
    .check(
      z.refine(isHttpUrl, connectionRules.baseUrlProtocol),
      z.refine(isServiceOrigin, connectionRules.baseUrlOrigin),
    ),
  apiKey: z.string().check(z.trim(), z.minLength(1, connectionRules.apiKey)),
  stackId: z.optional(z.string().check(z.trim())),
});

/** The form keeps every field whatever the mode, so switching modes back and forth loses nothing typed. */
export const connectionFormSchema = z
  .object({
    mode: z.enum(['gateway', 'direct']),
    baseUrl: z.string(),
    apiKey: z.string(),
    stackId: z.string(),
  })
  .check(
    z.superRefine((values, ctx) => {
      if (values.mode !== 'direct') return;
      const result = directConnectionSchema.safeParse(values);
      if (result.success) return;
      for (const issue of result.error.issues)
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }),
  );
export type ConnectionFormValues = z.infer<typeof connectionFormSchema>;
