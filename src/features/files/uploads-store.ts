import { createStore, del, set, values, type UseStore } from 'idb-keyval';
import { z } from 'zod';
import { uploadedFileSchema } from '../../api/contract/files';

/**
 * The files uploaded from this browser. The service has no "list my files" endpoint, so the
 * only record of what was uploaded is kept here, in IndexedDB (large lists, off the main thread).
 */
export const localUploadSchema = uploadedFileSchema.extend({
  /** The browser's type at upload time, or the service's once a preview fetched it. */
  content_type: z.string().optional(),
});
export type LocalUpload = z.infer<typeof localUploadSchema>;

let store: UseStore | undefined;

// Opened on first use, not at import: tests install fake-indexeddb first, and a page that
// never touches uploads never opens the database.
function uploadsDb(): UseStore {
  store ??= createStore('media-studio-uploads', 'uploads');
  return store;
}

/** Newest first; entries that no longer match the schema (an older app version) are skipped. */
export async function listUploads(): Promise<LocalUpload[]> {
  const rows = await values(uploadsDb());
  return rows
    .flatMap((row) => {
      const parsed = localUploadSchema.safeParse(row);
      return parsed.success ? [parsed.data] : [];
    })
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
}

export async function saveUpload(upload: LocalUpload): Promise<void> {
  await set(upload.file_id, localUploadSchema.parse(upload), uploadsDb());
}

export async function removeUpload(fileId: string): Promise<void> {
  await del(fileId, uploadsDb());
}
