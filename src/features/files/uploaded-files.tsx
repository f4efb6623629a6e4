import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useViewer } from '../../lib/access-me';
import { toast } from '../../lib/toast';
import { refreshHistory, useServerHistory } from '../../lib/server-history';
import { UploadsCard, type UploadsFilterProps } from './components/uploads-card';
import { fileQueries, useRemoveSharedUpload, useRemoveUpload } from './queries';
import { uploadFromShared } from './shared-upload';
import { useFilePreviews } from './use-file-previews';

const removeFailed = (error: Error) =>
  toast.error(`Could not remove the file from the list: ${error.message}`);

/** Direct mode: the files this browser uploaded, kept in its IndexedDB. */
export function LocalUploadedFiles(filter: UploadsFilterProps) {
  const uploads = useQuery(fileQueries.local());
  const remove = useRemoveUpload();
  const previews = useFilePreviews();
  return (
    <UploadsCard
      uploads={uploads.data}
      loading={uploads.isPending}
      error={uploads.error}
      onRetry={() => void uploads.refetch()}
      shared={false}
      previews={previews.previews}
      onTogglePreview={previews.toggle}
      onRemove={(id) => {
        previews.close(id);
        remove.mutate(id, { onError: removeFailed });
      }}
      removingId={remove.isPending ? (remove.variables ?? null) : null}
      viewer={null}
      {...filter}
    />
  );
}

/** Gateway mode: every upload through the gateway (the `upload` history), by anyone, live. */
export function SharedUploadedFiles(filter: UploadsFilterProps) {
  const history = useServerHistory('upload');
  const remove = useRemoveSharedUpload();
  const previews = useFilePreviews();
  const uploads = useMemo(() => history.entries.map(uploadFromShared), [history.entries]);
  // On a shared gateway only the person who uploaded a file may take it off the list (the
  // gateway refuses others): Remove shows on those only, and on what nobody uploaded signed in.
  const viewer = useViewer(true);
  return (
    <UploadsCard
      uploads={uploads}
      unread={history.unread}
      loading={!history.loaded}
      // A failed read keeps the list it had; only an empty one gives way to the error.
      error={uploads.length === 0 ? history.error : null}
      onRetry={() => void refreshHistory('upload')}
      shared
      warning={history.warning}
      previews={previews.previews}
      onTogglePreview={previews.toggle}
      onRemove={(id) => {
        previews.close(id);
        remove.mutate(id, { onError: removeFailed });
      }}
      removingId={remove.isPending ? (remove.variables ?? null) : null}
      viewer={viewer}
      {...filter}
    />
  );
}
