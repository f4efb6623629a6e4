import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api/api-client';
import { clientErrorCodes, isApiError } from '../../api/api-error';
import { generateImage, generateVideo, getFile } from '../../api/contract/endpoint-routes';
import type { ImageGenerationRequest, VideoGenerationRequest } from '../../api/contract/generation';
import { uploadFileWithProgress } from '../../api/upload';
import { readConnection } from '../../lib/connection-settings';
import { guessPurpose } from '../../lib/file-purpose';
import { showHistoryEntry } from '../../lib/server-history';
import { safeHttpUrl } from '../../lib/safe-url';
import type { GenerateFormValues, GenerationBody, GenerationKind } from './generation-request';
import {
  addGeneration,
  clearGenerations,
  listGenerations,
  removeGeneration,
  type GenerationEntry,
  type NewGenerationEntry,
} from './history-store';

/** Video can take minutes on the real service; the client still retries with the same key. */
const generationTimeoutMs = 10 * 60_000;

export const generateQueries = {
  all: () => ['generate'] as const,
  /**
   * This browser's generations, from IndexedDB (direct mode). Only this page writes them, so
   * never stale.
   */
  history: () =>
    queryOptions({
      queryKey: [...generateQueries.all(), 'history'] as const,
      queryFn: listGenerations,
      staleTime: Infinity,
    }),
};

export interface Submission {
  kind: GenerationKind;
  form: GenerateFormValues;
  body: GenerationBody;
  idempotencyKey: string;
  signal?: AbortSignal;
}

/** In gateway mode the gateway keeps the history for every browser (see shared-history.ts). */
const gatewayMode = () => readConnection().mode === 'gateway';

function useInvalidateHistory() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: generateQueries.history().queryKey });
}

/**
 * The result of a generation in gateway mode, for the result panel. The gateway records the
 * request itself (for every browser), so nothing is written to this browser's history: the
 * import offer would otherwise keep finding these. The id is the service's, as the gateway
 * records it, so the history lists the same entry as selected.
 */
function unsavedGeneration(entry: NewGenerationEntry): GenerationEntry {
  const data = entry.outcome.status === 'succeeded' ? entry.outcome.data : {};
  // The gateway's own choice (server/history/recorded-routes.ts): the id, else the task id.
  const serviceId = [data.id, data.task_id].find((id) => typeof id === 'string') as
    string | undefined;
  return {
    ...entry,
    id: serviceId ?? `unsaved_${entry.request.idempotency_key ?? crypto.randomUUID()}`,
    created_at: entry.created_at ?? new Date().toISOString(),
    order: Date.now(),
  };
}

/**
 * One generation. Success and failure both go to the history (a cancelled request does not:
 * nothing happened that the user did not do), and the stored entry is what the mutation returns.
 * In gateway mode the gateway keeps the history; see unsavedGeneration.
 */
export function useGenerate() {
  const invalidate = useInvalidateHistory();
  return useMutation({
    mutationFn: async (submission: Submission): Promise<GenerationEntry> => {
      const request = { ...submission.body, idempotency_key: submission.idempotencyKey };
      const started = performance.now();
      const base: Omit<NewGenerationEntry, 'outcome'> = {
        kind: submission.kind,
        form: submission.form,
        request,
      };
      try {
        // The tool name was checked against the endpoint's catalog when the body was assembled;
        // the client checks it again against the contract before sending.
        const options = { signal: submission.signal, timeoutMs: generationTimeoutMs };
        const response =
          submission.kind === 'image'
            ? await apiClient.call(
                generateImage,
                { body: request as ImageGenerationRequest },
                options,
              )
            : await apiClient.call(
                generateVideo,
                { body: request as VideoGenerationRequest },
                options,
              );
        const made: NewGenerationEntry = {
          ...base,
          outcome: {
            status: 'succeeded',
            data: response.data,
            traceId: response.trace_id ?? null,
            elapsedMs: Math.round(performance.now() - started),
          },
        };
        if (!gatewayMode()) return await addGeneration(made);
        const shown = unsavedGeneration(made);
        // Without a service id the gateway made its own: the stream brings that entry.
        if (!shown.id.startsWith('unsaved_')) void showHistoryEntry(shown.id);
        return shown;
      } catch (error) {
        if (!gatewayMode() && isApiError(error) && error.code !== clientErrorCodes.aborted) {
          await addGeneration({
            ...base,
            outcome: {
              status: 'failed',
              error: {
                code: error.code,
                message: error.message,
                status: error.status,
                traceId: error.traceId,
              },
            },
          });
        }
        throw error;
      }
    },
    onSettled: invalidate,
  });
}

/**
 * An input file for a tool: uploaded with the purpose its type suggests, then the URL the
 * service serves it at, which is what goes into `parameters`.
 */
export async function uploadToolInput(
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<string> {
  const uploaded = await uploadFileWithProgress(
    { file, filename: file.name, purpose: guessPurpose(file) },
    { signal, onProgress: ({ loaded, total }) => onProgress(total > 0 ? loaded / total : 0) },
  );
  const stored = await apiClient.call(
    getFile,
    { params: { file_id: uploaded.file_id } },
    { signal },
  );
  const url = safeHttpUrl(stored.data.url, window.location.origin);
  if (!url) throw new Error(`The service gave no usable URL for ${file.name}.`);
  return url;
}

export function useRemoveGeneration() {
  const invalidate = useInvalidateHistory();
  return useMutation({ mutationFn: removeGeneration, onSettled: invalidate });
}

export function useClearGenerations() {
  const invalidate = useInvalidateHistory();
  return useMutation({ mutationFn: clearGenerations, onSettled: invalidate });
}
