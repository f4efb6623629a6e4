import type { EmulatorDb } from './database';
import { statement } from './sql';

export const mediaKinds = ['image', 'audio', 'video', 'other'] as const;
export type MediaKind = (typeof mediaKinds)[number];

/** A row of `media`: stored bytes, public by their unguessable id. */
export interface MediaRecord {
  id: string;
  kind: MediaKind;
  content_type: string;
  size: number;
  sha256: string;
  /** Relative to the data dir, e.g. `media/<id>`. */
  storage_path: string;
  filename: string | null;
  created_at: string;
}

/** The broad kind a viewer needs (image, audio, video), from the MIME type. */
export function mediaKindOf(contentType: string): MediaKind {
  const top = contentType.split('/')[0]?.trim().toLowerCase();
  return top === 'image' || top === 'audio' || top === 'video' ? top : 'other';
}

export function insertMedia(db: EmulatorDb, record: MediaRecord): void {
  statement(
    db,
    `INSERT INTO media (id, kind, content_type, size, sha256, storage_path, filename, created_at)
     VALUES (@id, @kind, @content_type, @size, @sha256, @storage_path, @filename, @created_at)`,
  ).run(record);
}

export function findMedia(db: EmulatorDb, id: string): MediaRecord | null {
  const row = statement<[string], MediaRecord>(db, 'SELECT * FROM media WHERE id = ?').get(id);
  return row ?? null;
}
