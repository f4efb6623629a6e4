import { z } from '../../api/contract/zod';
import { sandboxRequestSchema } from '../../api/contract/sandbox';
import { packageNameProblem } from './package-tags';

/** Each package against the rule its tag was checked with as it was typed. */
const packageNameSchema = z.string().check(
  z.superRefine((name, ctx) => {
    const problem = packageNameProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
);

/** The request as the form edits it: the contract's body, with the name rule on each package. */
export const sandboxFormSchema = z.extend(sandboxRequestSchema, {
  packages: z.array(packageNameSchema),
});
export type SandboxFormValues = z.infer<typeof sandboxFormSchema>;
