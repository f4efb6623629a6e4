import type { HistoryImportEntry } from '../../api/contract/history';
import { listUploads } from './uploads-store';

/** The files uploaded from this browser before the gateway kept the list, as history entries. */
export async function uploadImportEntries(): Promise<HistoryImportEntry[]> {
  const uploads = await listUploads();
  return uploads.map((upload) => ({
    id: upload.file_id,
    kind: 'upload',
    name: upload.filename,
    params: { filename: upload.filename, purpose: upload.purpose, size: upload.size },
    created_at: upload.created_at,
    status: 'completed',
    latest: { ...upload },
    result: {
      urls: [],
      file_ids: [upload.file_id],
      size: upload.size,
      ...(upload.content_type && { content_type: upload.content_type }),
    },
    cost: null,
    error: null,
    readings: [],
  }));
}
