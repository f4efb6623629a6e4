import { apiClient } from '../../../api/api-client';
import { clientErrorCodes, isApiError } from '../../../api/api-error';
import {
  getFile,
  trainLoraMusic,
  trainLoraVideo,
  trainVoice,
} from '../../../api/contract/endpoint-routes';
import type { FilePurpose, UploadedFile } from '../../../api/contract/files';
import { uploadFileWithProgress } from '../../../api/upload';
import { gatewayMode, listTrackedJobs } from '../../../lib/tracked-jobs';
import { addTrackedJob } from '../../../lib/tracked-jobs-writes';
import { buildDatasetZip } from '../dataset-zip';
import { isZip } from '../form-values';
import {
  deleteStart,
  getStart,
  putStart,
  saveStart,
  updateStart,
  type TrainingStart,
  type UploadedPart,
} from './start-store';

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

export interface RunOptions {
  /** The page's upload, which shows progress; by default a plain one. */
  upload?: Upload;
  signal?: AbortSignal;
  /** Called once this tab holds the start and begins to work on it. */
  onBegin?: () => void;
  /**
   * Called once the start holds the form's files for good, so what the form kept for them (its
   * recordings) may go: as soon as the start is stored in the browser, or, where the browser
   * refused to store it (storage full or off), only once the job exists.
   */
  onFilesHeld?: () => void;
}

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

/** Ids this tab started from a form during this page load: never resumed behind the form's back. */
const startedHere = new Set<string>();

/** A reason that a repeat would meet again: the start waits for the user as a draft. */
export function needsTheUser(error: unknown): boolean {
  if (error instanceof DOMException) return unreadable(error);
  if (!isApiError(error)) return false;
  if (error.code === clientErrorCodes.aborted) return true;
  if (error.code === clientErrorCodes.invalidInput) return true;
  return error.status !== null && [400, 404, 409, 413, 422].includes(error.status);
}

/** A kept file that the browser can no longer read (moved, deleted, storage cleared). */
const unreadable = (error: DOMException) =>
  error.name === 'NotReadableError' || error.name === 'NotFoundError';

/** Another tab (or a click a moment ago) is working on this start: nothing to do here. */
export class StartBusyError extends Error {
  constructor() {
    super('This training is being started in another tab.');
  }
}

function problemOf(error: unknown): string {
  if (isApiError(error) && error.code === clientErrorCodes.aborted)
    return 'Cancelled before the job was created.';
  if (error instanceof DOMException && unreadable(error)) {
    return 'A chosen file can no longer be read: add it again, then start.';
  }
  return error instanceof Error ? error.message : String(error);
}

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

async function create(start: TrainingStart, options: RunOptions): Promise<StartCreated> {
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

/**
 * The job this start made already, in direct mode: its creation went through but the browser
 * failed to drop the start afterwards. The gateway answers such a repeat from its start keys.
 */
async function madeBefore(start: TrainingStart): Promise<StartCreated | null> {
  if (gatewayMode()) return null;
  const job = (await listTrackedJobs()).find((tracked) => tracked.start_id === start.id);
  if (!job) return null;
  return { task_id: job.task_id, name: job.name, status: job.snapshots.at(-1)?.status ?? 'queued' };
}

/** Uploads what is not uploaded yet, creates the job, tracks it and forgets the start. */
async function finish(start: TrainingStart, options: RunOptions): Promise<StartCreated> {
  try {
    let created = await madeBefore(start);
    if (!created) {
      created = await create(start, options);
      await addTrackedJob({
        task_id: created.task_id,
        kind: start.kind,
        name: created.name,
        created_at: new Date().toISOString(),
        start_id: start.id,
      });
    }
    // The job exists, and the user must hear so: a start the browser failed to drop is found
    // again by the next page load, which then only drops it.
    await deleteStart(start.id).catch(() => undefined);
    return created;
  } catch (error) {
    const cancelled = options.signal?.aborted === true;
    if (cancelled || needsTheUser(error)) {
      const problem = cancelled ? 'Cancelled before the job was created.' : problemOf(error);
      await updateStart(start.id, (s) => ({ ...s, state: 'draft', problem })).catch(() => null);
    }
    throw error;
  }
}

type LockedRun<T> = (lock: unknown) => Promise<T>;
function withLock<T>(id: string, mode: 'now' | 'wait', run: LockedRun<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return run(true);
  return locks.request(`media-studio-start:${id}`, { ifAvailable: mode === 'now' }, run);
}

/**
 * Starts a training from a form: the start is stored before anything is sent, so whatever
 * interrupts it, the next page load finishes it. A tab holds the start's lock while it works
 * on it, so two tabs never send it twice.
 */
export async function runStart(
  start: TrainingStart,
  options: RunOptions & { replaces?: string | undefined } = {},
) {
  const again = startedHere.has(start.id);
  startedHere.add(start.id);
  const { problem: _fixed, ...fields } = start;
  // Kept first, before anything else: the click is the user's decision. A retry of the same
  // start keeps the uploads the first try finished. Storage that refuses (full) does not stop
  // the start; only its durability is lost, and the form's files stay kept until the job exists.
  const store = again ? saveStart : putStart;
  let durable = true;
  const kept = await store({ ...fields, state: 'starting' }).catch(() => {
    durable = false;
    return start;
  });
  // The start this one replaces (the form's earlier try, with other files) is not finished too.
  if (options.replaces && options.replaces !== start.id) {
    await deleteStart(options.replaces).catch(() => undefined);
  }
  return withLock(start.id, 'now', async (lock) => {
    if (!lock) throw new StartBusyError();
    options.onBegin?.();
    if (durable) options.onFilesHeld?.();
    const created = await finish(kept, options);
    if (!durable) options.onFilesHeld?.();
    return created;
  });
}

/**
 * Finishes a start an earlier page left unfinished, once no other tab is working on it;
 * null when there is nothing left to do (finished, discarded or a draft by then).
 */
export async function resumeStart(id: string, options: RunOptions = {}) {
  if (startedHere.has(id)) return null;
  return withLock(id, 'wait', async () => {
    const start = await getStart(id);
    if (!start || start.state !== 'starting' || startedHere.has(id)) return null;
    options.onBegin?.();
    return finish(start, options);
  });
}
