import { Card } from '../../../components/card';
import { ErrorView } from '../../../components/error-view';
import { HistoryWarning } from '../../../components/history-warning';
import type { ListedUpload } from '../shared-upload';
import type { PreviewState } from './file-preview';
import { NoUploads, UploadsSkeleton } from './list-states';
import { UploadedFilesList } from './uploaded-files-list';

export interface UploadsCardProps {
  uploads: readonly ListedUpload[] | undefined;
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
}

/** The list of uploaded files with its loading, error and empty states. */
export function UploadsCard({
  uploads,
  loading,
  error,
  onRetry,
  shared,
  warning = null,
  ...list
}: UploadsCardProps) {
  const count = uploads?.length;
  const title = shared ? 'Uploaded through this gateway' : 'Uploaded from this browser';
  return (
    <Card
      title={count ? `${title} (${count.toLocaleString()})` : title}
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
          <UploadedFilesList uploads={uploads} shared={shared} {...list} />
        )}
      </div>
    </Card>
  );
}
