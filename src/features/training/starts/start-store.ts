import type { TrackedJobKind } from '../../../lib/tracked-jobs';
import { cachedOpener, done, result } from '../../../lib/idb';

/**
 * Training starts, kept in IndexedDB from the moment Start is pressed until the job exists:
 * the form's values and the chosen files themselves (IndexedDB stores File objects), and each
 * upload as it finishes. A reload, a crash or a closed tab loses none of it; the next page
 * load finishes the start (resume-starts.tsx).
 */
export interface TrainingStart {
  /** Also the root of the start's keys for the gateway: see partKey (run-start.ts). */
  id: string;
  kind: TrackedJobKind;
  name: string;
  /** Voice: reference URLs typed in the form, sent with the uploaded clips'. */
  urls: string[];
  /** LoRA: the dataset URL or file id typed in the form; null when it is built from `files`. */
  dataset: string | null;
  files: File[];
  /** Uploads already done, by part (clip-<n>, dataset): never sent again. */
  uploads: Record<string, UploadedPart>;
  created_at: string;
  /**
   * `starting`: on its way, or interrupted and to be finished by the next page load.
   * `draft`: stopped by a refusal, a cancel or a file that cannot be read; the user decides.
   */
  state: 'starting' | 'draft';
  /** Why it is a draft, in words for the user. */
  problem?: string;
}

export interface UploadedPart {
  file_id: string;
  /** Where the service serves it (voice clips are sent by URL). */
  url?: string;
}

const dbName = 'media-studio-starts';
const storeName = 'starts';
const openStartsDb = cachedOpener(dbName, 1, (request) =>
  request.result.createObjectStore(storeName, { keyPath: 'id' }),
);

const listeners = new Set<() => void>();
const channel =
  typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('media-studio.starts');
if (channel) channel.onmessage = () => listeners.forEach((listener) => listener());

function changed() {
  listeners.forEach((listener) => listener());
  channel?.postMessage('changed');
}

/** Called after any change to the starts, in this tab or another. */
export function onStartsChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function write<T>(run: (store: IDBObjectStore) => Promise<T> | T): Promise<T> {
  const db = await openStartsDb();
  const tx = db.transaction(storeName, 'readwrite');
  const value = await run(tx.objectStore(storeName));
  await done(tx);
  changed();
  return value;
}

/** Stores a start as it is (a new one: nothing to keep from an earlier try). */
export function putStart(start: TrainingStart): Promise<TrainingStart> {
  return write((store) => {
    store.put(start);
    return start;
  });
}

/** Stores a start again, keeping the uploads an earlier try of it finished. */
export function saveStart(start: TrainingStart): Promise<TrainingStart> {
  return write(async (store) => {
    const kept = (await result(store.get(start.id))) as TrainingStart | undefined;
    const next = { ...start, uploads: { ...kept?.uploads, ...start.uploads } };
    store.put(next);
    return next;
  });
}

/** Changes a stored start; null when it is gone (finished or discarded meanwhile). */
export function updateStart(
  id: string,
  change: (start: TrainingStart) => TrainingStart,
): Promise<TrainingStart | null> {
  return write(async (store) => {
    const kept = (await result(store.get(id))) as TrainingStart | undefined;
    if (!kept) return null;
    const next = change(kept);
    store.put(next);
    return next;
  });
}

export function deleteStart(id: string): Promise<void> {
  return write((store) => void store.delete(id));
}

export async function getStart(id: string): Promise<TrainingStart | null> {
  const db = await openStartsDb();
  const store = db.transaction(storeName, 'readonly').objectStore(storeName);
  return ((await result(store.get(id))) as TrainingStart | undefined) ?? null;
}

/** Every kept start, oldest first. */
export async function listStarts(): Promise<TrainingStart[]> {
  const db = await openStartsDb();
  const store = db.transaction(storeName, 'readonly').objectStore(storeName);
  const starts = (await result(store.getAll())) as TrainingStart[];
  return starts.sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
}
