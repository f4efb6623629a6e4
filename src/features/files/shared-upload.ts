import type { HistoryEntry, HistoryStarter } from '../../api/contract/history';
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
const byteCount = (value: unknown) =>
  Number.isInteger(value) && (value as number) >= 0 ? (value as number) : undefined;

// The same entry object gives the same row, so unchanged rows skip rendering.
const listed = new WeakMap<HistoryEntry, ListedUpload>();

/**
 * An `upload` entry of the gateway's history: its id is the file id, and `latest` is the
 * service's upload answer. An imported or older entry may lack that answer, or some of its
 * fields, so the request's fields (filename, purpose, size) stand in for each one missing.
 * Read field by field rather than with the contract's schema: the list draws without zod.
 */
export function uploadFromShared(entry: HistoryEntry): ListedUpload {
  const cached = listed.get(entry);
  if (cached) return cached;
  const answer = entry.latest ?? {};
  const { params, result } = entry;
  const contentType = result?.content_type || text(answer.content_type);
  const upload: ListedUpload = {
    file_id: entry.id,
    filename: text(answer.filename) || text(params.filename) || entry.name,
    size: byteCount(answer.size) ?? result?.size ?? num(params.size) ?? 0,
    purpose: text(answer.purpose) || text(params.purpose) || 'general',
    created_at: entry.created_at,
    ...(contentType && { content_type: contentType }),
    fromOtherClient: entry.source === 'client',
    startedBy: entry.started_by,
  };
  listed.set(entry, upload);
  return upload;
}
