import { queryOptions, useMutation } from '@tanstack/react-query';
import { identityNumbers } from '../../lib/identity-numbers';
import { measureAudioDuration } from '../../lib/media-duration';
import type { MediaFamily } from './dataset-zip';
import { checkLocalFile, checkZipFile } from './probes';
import type { Upload } from './starts/create-job';
import { runStart } from './starts/run-start';
import type { TrainingStart } from './starts/start-store';

const blobs = identityNumbers<Blob>();

/** A stable key for a local file: the same File object is measured and uploaded once. */
export function blobKey(blob: Blob): string {
  return `blob-${blobs.numberOf(blob)}`;
}

const local = { staleTime: Infinity, gcTime: 10 * 60_000, retry: false } as const;

export const trainingQueries = {
  all: () => ['training'] as const,
  checks: () => [...trainingQueries.all(), 'check'] as const,
  /**
   * A voice clip's report (lib/audio): decoded and measured in the browser. Keyed by the File, so
   * a trimmed clip (a new File) is measured again. The analysis code loads with the first clip.
   */
  voiceClip: (file: File) =>
    queryOptions({
      queryKey: [...trainingQueries.checks(), 'voice-clip', blobKey(file)] as const,
      queryFn: async () => (await import('../../lib/audio/analyse-audio')).analyseAudio(file),
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

export type LoraKind = 'music' | 'video';

/**
 * Runs a training start from a form (see starts/run-start.ts): durable from the click.
 * `replaces` is the form's earlier start when this one has other files: it is dropped.
 * `onFilesHeld` runs once the start holds the form's files for good (stored in the browser, or
 * else the job created), so what the form kept for them may go.
 */
export function useStartTraining(upload: Upload, onFilesHeld?: (start: TrainingStart) => void) {
  return useMutation({
    mutationFn: ({ replaces, ...start }: TrainingStart & { replaces?: string | undefined }) =>
      runStart(start, { upload, replaces, onFilesHeld: () => onFilesHeld?.(start) }),
  });
}
