/**
 * The files uploaded from this browser. The service has no "list my files" endpoint, so the
 * only record of what was uploaded is kept here, in IndexedDB (large lists, off the main thread).
 */
import { createStore, del, set, values, type UseStore } from 'idb-keyval';
import type { LocalUpload } from './local-upload';

export type { LocalUpload };

let store: UseStore | undefined;

// The schema (and zod with it) loads with the first read or write: only direct mode keeps this
// list, and the Files page draws without zod in gateway mode.
const loadSchema = async () => (await import('./local-upload')).localUploadSchema;

// Opened on first use, not at import: tests install fake-indexeddb first, and a page that
// never touches uploads never opens the database.
function uploadsDb(): UseStore {
  store ??= createStore('media-studio-uploads', 'uploads');
  return store;
}

/** Newest first; entries that no longer match the schema (an older app version) are skipped. */
export async function listUploads(): Promise<LocalUpload[]> {
  const [rows, localUploadSchema] = await Promise.all([values(uploadsDb()), loadSchema()]);
  return rows
    .flatMap((row) => {
      const parsed = localUploadSchema.safeParse(row);
      return parsed.success ? [parsed.data] : [];
    })
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
}

export async function saveUpload(upload: LocalUpload): Promise<void> {
  const localUploadSchema = await loadSchema();
  await set(upload.file_id, localUploadSchema.parse(upload), uploadsDb());
}

export async function removeUpload(fileId: string): Promise<void> {
  await del(fileId, uploadsDb());
}
