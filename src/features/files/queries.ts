import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api/api-client';
import { getFile } from '../../api/contract/endpoint-routes';
import type { FilePurpose } from '../../api/contract/files';
import { uploadFileWithProgress, type UploadProgress } from '../../api/upload';
import { readConnection } from '../../lib/connection-settings';
import { removeHistoryEntry, showHistoryEntry } from '../../lib/server-history';
import {
  listUploads,
  prepareUploadsStore,
  removeUpload,
  saveUpload,
  type LocalUpload,
} from './uploads-store';

export const fileQueries = {
  all: () => ['files'] as const,
  /**
   * What this browser uploaded (IndexedDB, direct mode): changes only through the mutations
   * below. In gateway mode the page reads the gateway's shared history instead.
   */
  local: () =>
    queryOptions({
      queryKey: [...fileQueries.all(), 'local'] as const,
      queryFn: listUploads,
      staleTime: Infinity,
    }),
  details: () => [...fileQueries.all(), 'detail'] as const,
  /** Metadata and the URL serving the bytes. The URL may be signed, so it is refreshed hourly. */
  detail: (fileId: string) =>
    queryOptions({
      queryKey: [...fileQueries.details(), fileId] as const,
      queryFn: ({ signal }) =>
        apiClient.call(getFile, { params: { file_id: fileId } }, { signal }).then((r) => r.data),
      staleTime: 60 * 60_000,
    }),
};

export interface UploadInput {
  file: File;
  purpose: FilePurpose;
  onProgress: (progress: UploadProgress) => void;
  signal: AbortSignal;
}

/**
 * Uploads one file and, in direct mode, records it in this browser. The record is written
 * inside the mutation, so an upload that finishes after the user left the page is still listed
 * when they return. Behind the gateway the upload is already in the shared history (a copy
 * here would be offered for import again); it is shown at once rather than when the event
 * stream brings it.
 */
export function useUploadFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...fileQueries.all(), 'upload'],
    mutationFn: async ({ file, purpose, onProgress, signal }: UploadInput) => {
      const direct = readConnection().mode === 'direct';
      if (direct) prepareUploadsStore();
      const uploaded = await uploadFileWithProgress(
        { file, filename: file.name, purpose },
        { onProgress, signal },
      );
      const record: LocalUpload = { ...uploaded, content_type: file.type || undefined };
      if (direct) await saveUpload(record);
      else await showHistoryEntry(record.file_id);
      return record;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: fileQueries.local().queryKey }),
  });
}

export function useRemoveUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...fileQueries.all(), 'remove'],
    mutationFn: removeUpload,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fileQueries.local().queryKey }),
  });
}

/** Takes a file off the gateway's shared list, for everyone (the service keeps the file). */
export function useRemoveSharedUpload() {
  return useMutation({
    mutationKey: [...fileQueries.all(), 'remove-shared'],
    mutationFn: (id: string) => removeHistoryEntry(id),
  });
}
