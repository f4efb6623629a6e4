import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SqlExecutor } from '../db/sql-db';
import type { Storage } from '../db/storage';

export interface KeptAudio {
  bytes: Buffer;
  contentType: string;
  size: number;
}

/**
 * The audio of synchronous speech takes, which the service returns inline, by entry id: what a
 * take's `/api/history/:id/audio` serves. It goes with its entry (HistoryStore.delete).
 */
export interface AudioStore {
  save(id: string, bytes: Uint8Array, contentType: string): Promise<void>;
  read(id: string): Promise<KeptAudio | null>;
  remove(id: string): Promise<void>;
}

/** Only audio types are served back, so a stored file can never be sent as a page or script. */
const servable = /^audio\/[a-z0-9.+-]+$/;

/**
 * Kept audio in files, for one gateway on its data directory: one file per entry under `dir`, named by a hash of the entry's id (ids are opaque and never become paths), with
 * its content type beside it.
 */
export function fileAudioStore(dir: string): AudioStore {
  const base = (id: string) => join(dir, createHash('sha256').update(id).digest('hex'));
  return {
    async save(id: string, bytes: Uint8Array, contentType: string): Promise<void> {
      await mkdir(dir, { recursive: true });
      const type = servable.test(contentType) ? contentType : 'application/octet-stream';
      // Bytes first: a type file without its audio would promise what is not there.
      await writeFile(`${base(id)}.audio`, bytes);
      await writeFile(`${base(id)}.type`, type);
    },
    async read(id: string): Promise<KeptAudio | null> {
      try {
        const [bytes, type, info] = await Promise.all([
          readFile(`${base(id)}.audio`),
          readFile(`${base(id)}.type`, 'utf8'),
          stat(`${base(id)}.audio`),
        ]);
        return { bytes, contentType: type.trim(), size: info.size };
      } catch {
        return null;
      }
    },
    async remove(id: string): Promise<void> {
      await Promise.all([
        rm(`${base(id)}.audio`, { force: true }),
        rm(`${base(id)}.type`, { force: true }),
      ]);
    },
  };
}

/**
 * Kept audio in the history's PostgreSQL database (the `audio` table), with its content type:
 * replicas share no disk, and every one serves every take.
 */
export function tableAudioStore(db: SqlExecutor): AudioStore {
  return {
    async save(id, bytes, contentType) {
      const type = servable.test(contentType) ? contentType : 'application/octet-stream';
      await db.run(
        `INSERT INTO audio (entry_id, content_type, bytes) VALUES (?, ?, ?)
         ON CONFLICT (entry_id) DO UPDATE SET content_type = excluded.content_type,
           bytes = excluded.bytes`,
        [id, type, bytes],
      );
    },
    async read(id) {
      const row = await db.get<{ content_type: string; bytes: Buffer }>(
        'SELECT content_type, bytes FROM audio WHERE entry_id = ?',
        [id],
      );
      return row
        ? { bytes: row.bytes, contentType: row.content_type, size: row.bytes.length }
        : null;
    },
    async remove(id) {
      await db.run('DELETE FROM audio WHERE entry_id = ?', [id]);
    },
  };
}

/** Where the history keeps audio: files beside a SQLite history, the table on PostgreSQL. */
export function audioStoreFor(db: SqlExecutor, storage: Storage): AudioStore {
  return storage.engine === 'postgres'
    ? tableAudioStore(db)
    : fileAudioStore(join(storage.dataDir, 'history-audio'));
}
