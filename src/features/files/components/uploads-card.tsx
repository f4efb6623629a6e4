import { useMemo } from 'react';
import { Card } from '../../../components/card';
import { ErrorView } from '../../../components/error-view';
import { NoMatches } from '../../../components/filter-results';
import { HistoryWarning } from '../../../components/history-warning';
import { FilterSummary } from '../../../components/list-filter';
import type { FilesSearch } from '../search';
import type { ListedUpload } from '../shared-upload';
import { filterUploads, isUploadFilterActive, uploadFilterKey } from '../upload-filter';
import type { PreviewState } from './file-preview';
import { NoUploads, UploadsSkeleton } from './list-states';
import { UploadedFilesList } from './uploaded-files-list';
import { UploadsToolbar } from './uploads-toolbar';
import { formatCount } from '../../../lib/format-number';
import type { Viewer } from '../../../lib/history-starter';

export interface UploadsFilterProps {
  /** The list's search and filters, from the URL. */
  filter: FilesSearch;
  onFilterChange: (patch: Partial<FilesSearch>) => void;
}

export interface UploadsCardProps extends UploadsFilterProps {
  uploads: readonly ListedUpload[] | undefined;
  /** Files of the shared list not read yet: counted, and offered by "Show more", from the start. */
  unread?: number;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  /** The gateway's shared list (gateway mode), rather than this browser's own. */
  shared: boolean;
  warning?: string | null;
  previews: Record<string, PreviewState>;
  onTogglePreview: (fileId: string) => void;
  onRemove: (fileId: string) => void;
  removingId: string | null;
  /** Who is looking: a file they may not remove shows no Remove (null: anyone may). */
  viewer: Viewer;
}

// Each field set to undefined, so the URL drops all of them at once.
const noFilter: FilesSearch = { q: undefined, purpose: undefined, source: undefined };

/** The list of uploaded files with its filters and its loading, error and empty states. */
export function UploadsCard({
  uploads,
  unread = 0,
  loading,
  error,
  onRetry,
  shared,
  warning = null,
  filter,
  onFilterChange,
  ...list
}: UploadsCardProps) {
  // Only the gateway knows who uploaded a file: this browser's own list has no source.
  const applied = useMemo(
    () => (shared ? filter : { ...filter, source: undefined }),
    [shared, filter],
  );
  const matching = useMemo(() => filterUploads(uploads ?? [], applied), [uploads, applied]);
  const active = isUploadFilterActive(applied);
  const clearFilters = () => onFilterChange(noFilter);
  const count = uploads && uploads.length + unread;
  const title = shared ? 'Uploaded through this gateway' : 'Uploaded from this browser';
  return (
    <Card
      title={count ? `${title} (${formatCount(count)})` : title}
      labelledBy="uploads-title"
      description={
        shared
          ? 'Every file uploaded through this gateway, by anyone, updated live.'
          : 'Kept in this browser only: the service has no list of your files.'
      }
    >
      <div className="space-y-4">
        <HistoryWarning message={warning} />
        {loading ? (
          <UploadsSkeleton />
        ) : error || !uploads ? (
          <ErrorView error={error} title="Could not read the list of uploads" onRetry={onRetry} />
        ) : uploads.length === 0 ? (
          <NoUploads shared={shared} />
        ) : (
          <>
            <div className="space-y-2">
              <UploadsToolbar filter={filter} onChange={onFilterChange} bySource={shared} />
              <FilterSummary
                active={active}
                matching={matching.length}
                total={uploads.length}
                what="files"
                onClear={clearFilters}
              />
            </div>
            {matching.length === 0 ? (
              <NoMatches what="file" onClear={clearFilters} />
            ) : (
              <UploadedFilesList
                uploads={matching}
                // A filter looks only at the files read: those still to read are not counted.
                unread={active ? 0 : unread}
                shared={shared}
                filterKey={uploadFilterKey(applied)}
                {...list}
              />
            )}
          </>
        )}
      </div>
    </Card>
  );
}
