import { apiClient } from './api-client';
import type { FilePurpose, UploadedFile } from './contract/files';
import { uploadFile } from './contract/endpoint-routes';
import type { UploadProgress } from './xhr-transport';

export type { UploadProgress };

/** Large datasets on slow links: the per-attempt timeout is for the whole upload, so it is generous. */
const uploadTimeoutMs = 60 * 60_000;

/**
 * `POST /v1/files/upload` with progress. Not retried (an upload has no idempotency key), so a
 * failure comes straight back to the caller, who still holds the Blob and can offer Retry.
 */
export async function uploadFileWithProgress(
  input: { file: Blob; filename: string; purpose: FilePurpose },
  options: {
    onProgress?: (progress: UploadProgress) => void;
    signal?: AbortSignal;
    /** See RequestOptions.startKey: a resumed start does not upload a file twice. */
    startKey?: string;
  } = {},
): Promise<UploadedFile> {
  const file =
    input.file instanceof File && input.file.name === input.filename
      ? input.file
      : new File([input.file], input.filename, { type: input.file.type });
  const result = await apiClient.call(
    uploadFile,
    { body: { file, purpose: input.purpose } },
    {
      signal: options.signal,
      timeoutMs: uploadTimeoutMs,
      ...(options.startKey && { startKey: options.startKey }),
      onUploadProgress: options.onProgress ?? (() => {}),
    },
  );
  return result.data;
}
