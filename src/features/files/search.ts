import { filePurposes, type FilePurpose } from '../../api/contract/file-purposes';
import { historySources, type HistorySource } from '../../api/contract/history-sources';
import { compact, oneOf, searchSchema, searchText } from '../../lib/search-fields';

/** The uploads list's filters, as they stand in the URL. */
export interface FilesSearch {
  /** Matches a file's name or its file id. */
  q?: string | undefined;
  purpose?: FilePurpose | undefined;
  /** Who uploaded it: this dashboard or another client of the gateway (gateway mode). */
  source?: HistorySource | undefined;
}

/** The Files page's URL state: a filtered list of uploads survives a reload and can be shared. */
export const filesSearchSchema = searchSchema((search): FilesSearch =>
  compact({
    q: searchText(search.q, 200),
    purpose: oneOf(filePurposes, search.purpose),
    source: oneOf(historySources, search.source),
  }),
);
