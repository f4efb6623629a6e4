import { z } from 'zod';
import { trackedJobKinds } from '../../lib/tracked-jobs';

export const jobStatusFilters = [
  'queued',
  'running',
  'completed',
  'failed',
  'cancelled',
  'unknown',
] as const;
export const jobViews = ['board', 'list'] as const;

/** The jobs board's URL state: filters, search and view are shareable and survive reload. */
export const jobsSearchSchema = z.object({
  kind: z.enum(trackedJobKinds).optional().catch(undefined),
  status: z.enum(jobStatusFilters).optional().catch(undefined),
  q: z.string().max(200).optional().catch(undefined),
  view: z.enum(jobViews).default('board').catch('board'),
});
export type JobsSearch = z.infer<typeof jobsSearchSchema>;
