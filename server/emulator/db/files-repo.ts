import type { StoredFile, UploadedFile } from '../../../src/api/contract/files';
import type { Principal } from '../principal';
import type { EmulatorDb } from './database';
import { statement } from './sql';

/** A row of `files`: an upload, owned by the (key, stack) that sent it. */
export interface FileRecord {
  file_id: string;
  owner: string;
  stack: string;
  filename: string;
  size: number;
  purpose: string;
  content_type: string;
  media_id: string;
  created_at: string;
}

export function insertFile(db: EmulatorDb, record: FileRecord): void {
  statement(
    db,
    `INSERT INTO files (file_id, owner, stack, filename, size, purpose, content_type, media_id, created_at)
     VALUES (@file_id, @owner, @stack, @filename, @size, @purpose, @content_type, @media_id, @created_at)`,
  ).run(record);
}

/**
 * Only the owner's own file: another key or stack gets null, exactly like a missing id. A file
 * uploaded without X-Stack-Id (the spec leaves the header open on upload) belongs to the key as
 * a whole, so any of its stacks can use it, e.g. as a training dataset.
 */
export function findFile(db: EmulatorDb, fileId: string, principal: Principal): FileRecord | null {
  const row = statement<[string, string, string], FileRecord>(
    db,
    "SELECT * FROM files WHERE file_id = ? AND owner = ? AND (stack = ? OR stack = '')",
  ).get(fileId, principal.keyHash, principal.stackId);
  return row ?? null;
}

/** The spec's "Uploaded file": exactly its five fields. */
export function toUploadedFile(record: FileRecord): UploadedFile {
  return {
    file_id: record.file_id,
    filename: record.filename,
    size: record.size,
    purpose: record.purpose,
    created_at: record.created_at,
  };
}

/** Our retrieval shape: the upload fields plus the URL serving the bytes and the content type. */
export function toStoredFile(record: FileRecord, url: string): StoredFile {
  return { ...toUploadedFile(record), url, content_type: record.content_type };
}
