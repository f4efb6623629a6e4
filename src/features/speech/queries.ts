import { queryOptions, skipToken, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api/api-client';
import { fetchAudioBytes } from '../../api/audio-bytes';
import {
  createSpeechTask,
  extendVoice,
  getFile,
  getSpeechTask,
  synthesizeSpeech,
  uploadFile,
} from '../../api/contract/endpoint-routes';
import type { SpeechExtraInfo } from '../../api/contract/speech';
import type { VoiceExtendRequest } from '../../api/contract/voices';
import { readConnection } from '../../lib/connection-settings';
import { hexToBlob } from '../../lib/hex';
import { measureAudioDuration } from '../../lib/media-duration';
import { removeHistoryEntry } from '../../lib/server-history';
import { measureLoudness } from './compare/measure-loudness';
import { audioMimeType } from './file-name';
import {
  addHistory,
  clearHistory,
  listHistory,
  removeHistory,
  type NewHistoryEntry,
} from './history-store';
import type { SpeechFormValues } from './speech-form-schema';
import { speechTaskRefetchInterval } from './task-polling';

/** A reference clip for voice extend: a URL as typed, or a local file. */
export type ReferenceSource = { kind: 'url'; url: string } | { kind: 'file'; file: File };

function referenceKey(source: ReferenceSource): string {
  return source.kind === 'url'
    ? `url:${source.url}`
    : `file:${source.file.name}:${source.file.size}:${source.file.lastModified}`;
}

export const speechQueries = {
  all: () => ['speech'] as const,
  tasks: () => [...speechQueries.all(), 'task'] as const,
  /** An async speech task, polled while it runs (see speechTaskRefetchInterval). */
  task: (taskId: string) =>
    queryOptions({
      queryKey: [...speechQueries.tasks(), taskId] as const,
      queryFn: ({ signal }) =>
        apiClient.call(getSpeechTask, { params: { task_id: taskId } }, { signal }),
      refetchInterval: speechTaskRefetchInterval,
      staleTime: 0,
    }),
  /**
   * This browser's syntheses, from IndexedDB (direct mode). Only this page writes them, so
   * never stale. In gateway mode the page reads the gateway's shared history instead.
   */
  history: () =>
    queryOptions({
      queryKey: [...speechQueries.all(), 'history'] as const,
      queryFn: listHistory,
      staleTime: Infinity,
    }),
  /**
   * A take's audio bytes, downloaded once for the A/B compare: measured from them, and played
   * from them too, so seeking works whether or not the server answers range requests.
   */
  takeAudio: (takeId: string, audio: Blob | string) =>
    queryOptions({
      queryKey: [...speechQueries.all(), 'take-audio', takeId] as const,
      queryFn: ({ signal }) =>
        typeof audio === 'string' ? fetchAudioBytes(audio, signal) : Promise.resolve(audio),
      // A take's audio never changes; the bytes go when no compare shows them.
      staleTime: Infinity,
      gcTime: 60_000,
      retry: false,
    }),
  /** A take's integrated loudness in LUFS (-Infinity when silent), measured in the browser. */
  takeLoudness: (takeId: string, audio: Blob | undefined) =>
    queryOptions({
      queryKey: [...speechQueries.all(), 'loudness', takeId] as const,
      queryFn: audio ? () => measureLoudness(audio) : skipToken,
      staleTime: Infinity,
      retry: false,
    }),
  /** Seconds, measured by the browser from the clip's metadata. */
  referenceDuration: (source: ReferenceSource) =>
    queryOptions({
      queryKey: [...speechQueries.all(), 'reference-duration', referenceKey(source)] as const,
      queryFn: () => measureAudioDuration(source.kind === 'url' ? source.url : source.file),
      staleTime: Infinity,
      retry: false,
    }),
  /** A local reference's clip report, measured in the browser; the analysis loads with it. */
  referenceReport: (file: File) =>
    queryOptions({
      queryKey: [
        ...speechQueries.all(),
        'reference-report',
        referenceKey({ kind: 'file', file }),
      ] as const,
      queryFn: async () => (await import('../../lib/audio/analyse-audio')).analyseAudio(file),
      staleTime: Infinity,
      retry: false,
    }),
};

function t2aBody({ text, voice_id, speed, format, sample_rate }: SpeechFormValues) {
  return { text, voice_id, speed, format, sample_rate };
}

/** The async endpoint takes no speed (docs/api-decisions.md), so none is sent. */
function t2aAsyncBody({ text, voice_id, format, sample_rate }: SpeechFormValues) {
  return { text, voice_id, format, sample_rate };
}

export interface SpeechOutput {
  settings: SpeechFormValues;
  audio: Blob;
  extraInfo: SpeechExtraInfo | undefined;
  traceId: string | null;
  createdAt: Date;
}

/**
 * Keeps a take in this browser, in direct mode only: behind the gateway every take is already
 * in the shared history, and a copy here would be offered for import again and again.
 */
export function useAddToHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (entry: NewHistoryEntry) => {
      if (readConnection().mode === 'direct') await addHistory(entry);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: speechQueries.history().queryKey }),
  });
}

/** Synchronous speech: the hex audio becomes a Blob here, and the take goes to the history. */
export function useSynthesizeSpeech() {
  const addToHistory = useAddToHistory();
  return useMutation({
    mutationFn: async (values: SpeechFormValues): Promise<SpeechOutput> => {
      const response = await apiClient.call(synthesizeSpeech, { body: t2aBody(values) });
      return {
        settings: values,
        audio: hexToBlob(response.data.audio, audioMimeType(values.format)),
        extraInfo: response.extra_info,
        traceId: response.trace_id ?? null,
        createdAt: new Date(),
      };
    },
    onSuccess: (output) => {
      const info = output.extraInfo;
      addToHistory.mutate({
        settings: output.settings,
        audio: output.audio,
        audioUrl: null,
        format: output.settings.format,
        created_at: output.createdAt.toISOString(),
        info: info
          ? {
              durationMs: info.audio_duration,
              sampleRate: info.audio_sample_rate,
              channels: info.audio_channel,
              bitrate: info.bitrate,
              size: info.audio_size,
            }
          : { size: output.audio.size },
        traceId: output.traceId,
      });
    },
  });
}

export function useCreateSpeechTask() {
  return useMutation({
    mutationFn: (values: SpeechFormValues) =>
      apiClient.call(createSpeechTask, { body: t2aAsyncBody(values) }),
  });
}

export function useRemoveHistoryEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => removeHistory(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: speechQueries.history().queryKey }),
  });
}

/** Removes a take from the gateway's history, for everyone who reads it. */
export function useRemoveSharedTake() {
  return useMutation({ mutationFn: (id: string) => removeHistoryEntry(id) });
}

export function useClearHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => clearHistory(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: speechQueries.history().queryKey }),
  });
}

/** Uploads a local reference clip, then asks where the service serves it (the URL extend fetches). */
export function useUploadReference() {
  return useMutation({
    mutationFn: async (file: File) => {
      const uploaded = await apiClient.call(uploadFile, {
        body: { file, purpose: 'audio-input' },
      });
      const stored = await apiClient.call(getFile, {
        params: { file_id: uploaded.data.file_id },
      });
      return stored.data;
    },
  });
}

export function useExtendVoice() {
  return useMutation({
    mutationFn: (body: VoiceExtendRequest) => apiClient.call(extendVoice, { body }),
  });
}
