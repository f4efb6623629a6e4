import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api/api-client';
import { getFile } from '../../api/contract/endpoints';
import type { FilePurpose } from '../../api/contract/files';
import { uploadFileWithProgress, type UploadProgress } from '../../api/upload';
import { listUploads, removeUpload, saveUpload, type LocalUpload } from './uploads-store';

export const fileQueries = {
  all: () => ['files'] as const,
  /** What this browser uploaded (IndexedDB): changes only through the mutations below. */
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
 * Uploads one file and records it in this browser. The record is written inside the mutation,
 * so an upload that finishes after the user left the page is still listed when they return.
 */
export function useUploadFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...fileQueries.all(), 'upload'],
    mutationFn: async ({ file, purpose, onProgress, signal }: UploadInput) => {
      const uploaded = await uploadFileWithProgress(
        { file, filename: file.name, purpose },
        { onProgress, signal },
      );
      const record: LocalUpload = { ...uploaded, content_type: file.type || undefined };
      await saveUpload(record);
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
