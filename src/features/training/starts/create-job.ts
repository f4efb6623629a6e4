import { apiClient } from '../../../api/api-client';
import {
  getFile,
  trainLoraMusic,
  trainLoraVideo,
  trainVoice,
} from '../../../api/contract/endpoint-routes';
import type { FilePurpose, UploadedFile } from '../../../api/contract/files';
import { uploadFileWithProgress } from '../../../api/upload';
import { buildDatasetZip } from '../dataset-zip';
import { isZip } from '../form-values';
import { updateStart, type TrainingStart, type UploadedPart } from './start-store';

export interface UploadInput {
  file: Blob;
  filename: string;
  purpose: FilePurpose;
}

/**
 * Sends one file; `startKey` lets the gateway answer a repeat without a second copy, and
 * `signal` stops it (Cancel on a resumed start).
 */
export type Upload = (
  part: string,
  input: UploadInput,
  startKey: string,
  signal?: AbortSignal,
) => Promise<UploadedFile>;

/** The job a start made, as the service answered its creation. */
export interface StartCreated {
  task_id: string;
  name: string;
  status: string;
}

const plainUpload: Upload = (_part, input, startKey, signal) =>
  uploadFileWithProgress(input, { startKey, ...(signal && { signal }) });

/**
 * The gateway's key for one part of a start. Creation keys carry the name: a start fixed
 * after a refusal (a name taken) is a new creation, while a repeat of the same one is not.
 */
export const partKey = (start: TrainingStart, part: string) =>
  `${start.id}:${encodeURIComponent(part)}`.slice(0, 240);

/**
 * What the creation sends besides the name, as a short hash (FNV-1a): changed reference URLs or
 * dataset make another creation, not a replay of the first one's answer.
 */
function fingerprint(start: TrainingStart): string {
  let hash = 0x811c9dc5;
  for (const char of JSON.stringify([start.urls, start.dataset])) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** One part of the start, uploaded once: a part a former try uploaded is taken as it is. */
async function uploadPart(
  start: TrainingStart,
  part: string,
  input: () => Promise<UploadInput>,
  upload: Upload,
  options: { withUrl: boolean; signal?: AbortSignal | undefined },
): Promise<UploadedPart> {
  const kept = start.uploads[part];
  if (kept && (!options.withUrl || kept.url)) return kept;
  const uploaded = await upload(part, await input(), partKey(start, part), options.signal);
  let url: string | undefined;
  if (options.withUrl) {
    const stored = await apiClient.call(
      getFile,
      { params: { file_id: uploaded.file_id } },
      options.signal ? { signal: options.signal } : {},
    );
    url = stored.data.url;
  }
  const done: UploadedPart = { file_id: uploaded.file_id, ...(url && { url }) };
  // Noted so a resumed start does not send it again; storage that refuses only loses that.
  await updateStart(start.id, (s) => ({ ...s, uploads: { ...s.uploads, [part]: done } })).catch(
    () => null,
  );
  return done;
}

async function datasetArchive(files: File[]): Promise<Blob> {
  const [first] = files;
  if (files.length === 1 && first && isZip(first)) return first;
  const entries = [];
  for (const file of files)
    entries.push({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
  return new Blob([(await buildDatasetZip(entries)).slice()], { type: 'application/zip' });
}

/**
 * Uploads what the start has not uploaded yet and creates its job. Each part and the creation
 * go under the start's keys, so the gateway answers a repeat from the first try.
 */
export async function createJob(
  start: TrainingStart,
  options: { upload?: Upload | undefined; signal?: AbortSignal | undefined },
): Promise<StartCreated> {
  const upload = options.upload ?? plainUpload;
  const signal = options.signal;
  // No signal: once sent, the creation goes through (the gateway finishes it even if this page
  // goes), so Cancel stops the uploads and what has not been sent, never a job half-made.
  const request = { startKey: partKey(start, `create:${start.name}:${fingerprint(start)}`) };
  if (start.kind === 'voice') {
    const clips = await Promise.all(
      start.files.map((file, i) =>
        uploadPart(
          start,
          `clip-${i}`,
          () => Promise.resolve({ file, filename: file.name, purpose: 'audio-input' }),
          upload,
          { withUrl: true, signal },
        ),
      ),
    );
    signal?.throwIfAborted();
    const body = { name: start.name, reference_urls: [...start.urls, ...clips.map((c) => c.url!)] };
    return (await apiClient.call(trainVoice, { body }, request)).data;
  }
  let dataset = start.dataset;
  if (dataset === null) {
    const part = await uploadPart(
      start,
      'dataset',
      async () => ({
        file: await datasetArchive(start.files),
        filename: `${start.name}-dataset.zip`,
        purpose: 'general',
      }),
      upload,
      { withUrl: false, signal },
    );
    dataset = part.file_id;
  }
  signal?.throwIfAborted();
  const endpoint = start.kind === 'music_lora' ? trainLoraMusic : trainLoraVideo;
  return (await apiClient.call(endpoint, { body: { name: start.name, dataset } }, request)).data;
}
