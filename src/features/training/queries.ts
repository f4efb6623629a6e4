import { queryOptions, useMutation } from '@tanstack/react-query';
import { apiClient } from '../../api/api-client';
import {
  getFile,
  trainLoraMusic,
  trainLoraVideo,
  trainVoice,
} from '../../api/contract/endpoint-routes';
import type { FilePurpose, UploadedFile } from '../../api/contract/files';
import { measureAudioDuration } from '../../lib/media-duration';
import type { TrackedJobKind } from '../../lib/tracked-jobs';
import { addTrackedJob } from '../../lib/tracked-jobs-writes';
import { buildDatasetZip, type MediaFamily } from './dataset-zip';
import { isZip } from './form-values';
import { checkLocalFile, checkVoiceClip, checkZipFile } from './probes';

const blobIds = new WeakMap<Blob, number>();
let nextBlobId = 1;

/** A stable key for a local file: the same File object is measured and uploaded once. */
export function blobKey(blob: Blob): string {
  let id = blobIds.get(blob);
  if (id === undefined) blobIds.set(blob, (id = nextBlobId++));
  return `blob-${id}`;
}

const local = { staleTime: Infinity, gcTime: 10 * 60_000, retry: false } as const;

export const trainingQueries = {
  all: () => ['training'] as const,
  checks: () => [...trainingQueries.all(), 'check'] as const,
  /** A voice clip decoded in the browser: length and levels. */
  voiceClip: (file: File) =>
    queryOptions({
      queryKey: [...trainingQueries.checks(), 'voice-clip', blobKey(file)] as const,
      queryFn: () => checkVoiceClip(file),
      ...local,
    }),
  /** A loose dataset file: type (name and bytes) and length. */
  datasetFile: (file: File, family: MediaFamily) =>
    queryOptions({
      queryKey: [...trainingQueries.checks(), 'dataset-file', family, blobKey(file)] as const,
      queryFn: () => checkLocalFile(file, family),
      ...local,
    }),
  /** A ready-made zip: every entry listed, typed and measured. */
  datasetZip: (file: File, family: MediaFamily) =>
    queryOptions({
      queryKey: [...trainingQueries.checks(), 'dataset-zip', family, blobKey(file)] as const,
      queryFn: () => checkZipFile(file, family),
      ...local,
    }),
  /** A reference URL's length, when the browser can reach it. */
  urlDuration: (url: string) =>
    queryOptions({
      queryKey: [...trainingQueries.checks(), 'url-duration', url] as const,
      queryFn: () => measureAudioDuration(url),
      ...local,
    }),
};

type Upload = (
  key: string,
  input: { file: Blob; filename: string; purpose: FilePurpose },
) => Promise<UploadedFile>;

function track(kind: TrackedJobKind, data: { task_id: string; name: string }) {
  return addTrackedJob({
    task_id: data.task_id,
    kind,
    name: data.name,
    created_at: new Date().toISOString(),
  });
}

export interface VoiceTrainingInput {
  name: string;
  urls: string[];
  clips: File[];
}

/** Uploads the local clips (audio-input), asks where each is served, then creates the job. */
export function useTrainVoice(upload: Upload) {
  return useMutation({
    mutationFn: async ({ name, urls, clips }: VoiceTrainingInput) => {
      const clipUrls = await Promise.all(
        clips.map(async (clip) => {
          const uploaded = await upload(blobKey(clip), {
            file: clip,
            filename: clip.name,
            purpose: 'audio-input',
          });
          const stored = await apiClient.call(getFile, { params: { file_id: uploaded.file_id } });
          return stored.data.url;
        }),
      );
      const body = { name, reference_urls: [...urls, ...clipUrls] };
      return apiClient.call(trainVoice, { body });
    },
    onSuccess: (response) => track('voice', response.data),
  });
}

export type LoraKind = 'music' | 'video';

export interface LoraTrainingInput {
  name: string;
  /** A URL or file id as typed, or null for local files. */
  dataset: string | null;
  files: File[];
}

/** The key of the dataset upload: the same files under the same name are uploaded once. */
export function datasetUploadKey(name: string, files: File[]): string {
  return `dataset:${name}:${files.map(blobKey).join(',')}`;
}

async function datasetArchive(files: File[]): Promise<Blob> {
  const [first] = files;
  if (files.length === 1 && first && isZip(first)) return first;
  const entries = [];
  for (const file of files)
    entries.push({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
  return new Blob([(await buildDatasetZip(entries)).slice()], { type: 'application/zip' });
}

/** Builds and uploads the dataset when it is local (purpose general), then creates the job. */
export function useTrainLora(kind: LoraKind, upload: Upload) {
  return useMutation({
    mutationFn: async ({ name, dataset, files }: LoraTrainingInput) => {
      let value = dataset;
      if (value === null) {
        const uploaded = await upload(datasetUploadKey(name, files), {
          file: await datasetArchive(files),
          filename: `${name}-dataset.zip`,
          purpose: 'general',
        });
        value = uploaded.file_id;
      }
      const endpoint = kind === 'music' ? trainLoraMusic : trainLoraVideo;
      return apiClient.call(endpoint, { body: { name, dataset: value } });
    },
    onSuccess: (response) => track(kind === 'music' ? 'music_lora' : 'video_lora', response.data),
  });
}
