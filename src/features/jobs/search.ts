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
    view: oneOf(jobViews, search.view) ?? 'board',
  }),
);
export interface JobsSearch {
  kind?: TrackedJobKind | undefined;
  status?: (typeof jobStatusFilters)[number] | undefined;
  q?: string | undefined;
  /** Who started the job: this dashboard or another client of the gateway (gateway mode). */
  source?: HistorySource | undefined;
  view: (typeof jobViews)[number];
}
