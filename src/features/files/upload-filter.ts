import type { FilesSearch } from './search';
import type { ListedUpload } from './shared-upload';

/** Whether any filter narrows the list (a blank search does not). */
export function isUploadFilterActive(filter: FilesSearch): boolean {
  return Boolean(filter.q?.trim() || filter.purpose || filter.source);
}

/** A key that changes whenever the filter does, so the list starts again from its first page. */
export function uploadFilterKey(filter: FilesSearch): string {
  return [filter.q?.trim().toLowerCase() ?? '', filter.purpose ?? '', filter.source ?? ''].join(
    '\u0000',
  );
}

/**
 * The uploads that match: the search (trimmed, any case) in the file name or the file id, of
 * the chosen purpose, uploaded by the chosen source. Same in both modes; in direct mode every
 * upload is this dashboard's.
 */
export function filterUploads(
  uploads: readonly ListedUpload[],
  filter: FilesSearch,
): readonly ListedUpload[] {
  if (!isUploadFilterActive(filter)) return uploads;
  const q = filter.q?.trim().toLowerCase() ?? '';
  return uploads.filter(
    (upload) =>
      (!filter.purpose || upload.purpose === filter.purpose) &&
      (!filter.source || (upload.fromOtherClient ? 'client' : 'dashboard') === filter.source) &&
      (q === '' ||
        upload.filename.toLowerCase().includes(q) ||
        upload.file_id.toLowerCase().includes(q)),
  );
}
