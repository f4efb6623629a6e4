/**
 * The files uploaded from this browser. The service has no "list my files" endpoint, so the
 * only record of what was uploaded is kept here, in IndexedDB (large lists, off the main thread).
 */
import { createStore, del, set, values, type UseStore } from 'idb-keyval';
import { lazyModule } from '../../api/lazy-module';
import type { LocalUpload } from './local-upload';
import { localHistoryDatabases } from '../../lib/local-history-databases';

export type { LocalUpload };

let store: UseStore | undefined;

// The schema (and zod with it) loads with the first record read or written: only direct mode
// keeps this list, so the Files page's own code carries no zod. A failed download is tried
// again on the next use.
const loadSchema = lazyModule(
  async () => (await import('./local-upload')).localUploadSchema,
  'The dashboard could not load its list of uploads: the network failed or the server is not running.',
);

/**
 * Loads what writing a record takes, so an upload under way does not wait for it (nor fail on
 * it) once the file is on the service. A failure here is reported by the write, if it recurs.
 */
export function prepareUploadsStore(): void {
  loadSchema().catch(() => undefined);
}

// Opened on first use, not at import: tests install fake-indexeddb first, and a page that
// never touches uploads never opens the database.
function uploadsDb(): UseStore {
  store ??= createStore(localHistoryDatabases.uploads, 'uploads');
  return store;
}

/** Newest first; entries that no longer match the schema (an older app version) are skipped. */
export async function listUploads(): Promise<LocalUpload[]> {
  const rows = await values(uploadsDb());
  if (rows.length === 0) return [];
  const localUploadSchema = await loadSchema();
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
