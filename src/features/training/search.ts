import { z } from 'zod';

export const trainForms = ['voice', 'music', 'video'] as const;

/**
 * Train's URL state: which form is open, and a dataset handed over from Files ("use as
 * dataset"), so the link can be shared and the back button works.
 */
export const trainSearchSchema = z.object({
  form: z.enum(trainForms).default('voice').catch('voice'),
  dataset: z.string().min(1).max(300).optional().catch(undefined),
});
export type TrainSearch = z.infer<typeof trainSearchSchema>;
