import { historySources, type HistorySource } from '../../api/contract/history-sources';
import { compact, oneOf, searchSchema, text } from '../../lib/search-fields';
import { trackedJobKinds, type TrackedJobKind } from '../../lib/tracked-jobs';

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
export const jobsSearchSchema = searchSchema((search): JobsSearch =>
  compact({
    kind: oneOf(trackedJobKinds, search.kind),
    status: oneOf(jobStatusFilters, search.status),
    q: text(search.q, 200),
    source: oneOf(historySources, search.source),
    started_by: text(search.started_by, 200, 1),
    view: oneOf(jobViews, search.view) ?? 'board',
  }),
);
export interface JobsSearch {
  kind?: TrackedJobKind | undefined;
  status?: (typeof jobStatusFilters)[number] | undefined;
  q?: string | undefined;
  /** Who started the job: this dashboard or another client of the gateway (gateway mode). */
  source?: HistorySource | undefined;
  /** The user id of the person who started the job (gateway mode with sign-in). */
  started_by?: string | undefined;
  view: (typeof jobViews)[number];
}
