import type { HistoryEntry, HistoryStarter } from '../../api/contract/history';
import { uploadedFileSchema } from '../../api/contract/files';
import type { LocalUpload } from './uploads-store';

/** An uploaded file as the list shows it, from either history. */
export interface ListedUpload extends LocalUpload {
  /** Uploaded by another client of the gateway (curl, a script), not by a dashboard. */
  fromOtherClient?: boolean;
  /** Who uploaded it, signed in to a shared gateway; absent in this browser's own list. */
  startedBy?: HistoryStarter | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const num = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

// The same entry object gives the same row, so unchanged rows skip rendering.
const listed = new WeakMap<HistoryEntry, ListedUpload>();

/**
 * An `upload` entry of the gateway's history: its id is the file id, and `latest` is the
 * service's upload answer. An imported or older entry may lack that answer, so the request's
 * fields (filename, purpose, size) stand in.
 */
export function uploadFromShared(entry: HistoryEntry): ListedUpload {
  const cached = listed.get(entry);
  if (cached) return cached;
  const answer = uploadedFileSchema.safeParse(entry.latest);
  const { params, result } = entry;
  const upload: ListedUpload = {
    ...(answer.success ? answer.data : {}),
    file_id: entry.id,
    filename: (answer.success && answer.data.filename) || text(params.filename) || entry.name,
    size: answer.success ? answer.data.size : (result?.size ?? num(params.size) ?? 0),
    purpose: answer.success ? answer.data.purpose : (text(params.purpose) ?? 'general'),
    created_at: entry.created_at,
    ...(result?.content_type && { content_type: result.content_type }),
    fromOtherClient: entry.source === 'client',
    startedBy: entry.started_by,
  };
  listed.set(entry, upload);
  return upload;
}
