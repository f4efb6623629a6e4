import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { EmulatorDb } from './db/database';
import { findMedia, insertMedia, mediaKindOf, type MediaRecord } from './db/media-repo';
import { sanitizeFilename } from './filename';

export interface PutMediaOptions {
  contentType: string;
  /** Shown in the URL's last segment and used as a download name. */
  filename?: string | undefined;
}

export interface PutFileOptions extends PutMediaOptions {
  /** Pass when already computed while streaming, to save reading the file again. */
  sha256?: string | undefined;
  size?: number | undefined;
}

/** Stored bytes, served publicly at an unguessable URL (see routes/media.ts). */
export interface MediaStore {
  put(input: { bytes: Uint8Array } & PutMediaOptions): Promise<MediaRecord>;
  /** Moves a finished temp file (from tempPath()) into the store. */
  putFromFile(tempPath: string, options: PutFileOptions): Promise<MediaRecord>;
  get(id: string): MediaRecord | null;
  read(id: string): Promise<Buffer | null>;
  /** Absolute path of a record's bytes, for streaming. */
  pathOf(record: MediaRecord): string;
  /** `${origin}/api/v1/media/<id>/<safe-filename>`: absolute, as `<audio src>` needs. */
  urlFor(id: string, origin: string, filename?: string): string;
  /** A fresh path in the data dir's temp folder: same file system, so the final rename is atomic. */
  tempPath(): string;
}

/**
 * 24 random bytes (192 bits): the id is the only thing protecting a media URL, as browsers
 * load `<img>`/`<audio>` without an Authorization header, so it must be unguessable.
 */
function newMediaId(): string {
  return randomBytes(24).toString('base64url');
}

function hashFile(path: string): Promise<{ sha256: string; size: number }> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    let size = 0;
    createReadStream(path)
      .on('data', (chunk) => {
        size += chunk.length;
        hash.update(chunk);
      })
      .on('error', reject)
      .on('end', () => resolve({ sha256: hash.digest('hex'), size }));
  });
}

export function mediaDirs(dataDir: string) {
  return { media: join(dataDir, 'media'), tmp: join(dataDir, 'tmp') };
}

/** Creates the folders and clears temp files a crash may have left behind (at startup only). */
export function prepareMediaDirs(dataDir: string): void {
  const dirs = mediaDirs(dataDir);
  rmSync(dirs.tmp, { recursive: true, force: true });
  mkdirSync(dirs.media, { recursive: true });
  mkdirSync(dirs.tmp, { recursive: true });
}

/**
 * Removes bytes in media/ that no media row names (at startup only): a process killed between
 * moving a finished file into media/ and recording it leaves them, and nothing can reach them.
 */
export function removeOrphanMedia(dataDir: string, db: EmulatorDb): void {
  const dirs = mediaDirs(dataDir);
  const known = new Set(db.prepare('SELECT storage_path FROM media').pluck().all() as string[]);
  for (const entry of readdirSync(dirs.media, { withFileTypes: true })) {
    if (entry.isFile() && !known.has(`media/${entry.name}`))
      rmSync(join(dirs.media, entry.name), { force: true });
  }
}

export function createMediaStore(options: {
  dataDir: string;
  db: EmulatorDb;
  now: () => Date;
}): MediaStore {
  const { dataDir, db, now } = options;
  const dirs = mediaDirs(dataDir);

  const tempPath = () => join(dirs.tmp, randomBytes(12).toString('hex'));

  async function commit(
    temp: string,
    facts: { sha256: string; size: number },
    opts: PutMediaOptions,
  ): Promise<MediaRecord> {
    const id = newMediaId();
    const storagePath = `media/${id}`;
    await rename(temp, join(dataDir, storagePath));
    const record: MediaRecord = {
      id,
      kind: mediaKindOf(opts.contentType),
      content_type: opts.contentType,
      size: facts.size,
      sha256: facts.sha256,
      storage_path: storagePath,
      filename: opts.filename ? sanitizeFilename(opts.filename) : null,
      created_at: now().toISOString(),
    };
    try {
      insertMedia(db, record);
    } catch (err) {
      await rm(join(dataDir, storagePath), { force: true });
      throw err;
    }
    return record;
  }

  return {
    async put({ bytes, ...opts }) {
      const temp = tempPath();
      await writeFile(temp, bytes);
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      return commit(temp, { sha256, size: bytes.byteLength }, opts);
    },
    async putFromFile(temp, opts) {
      const facts =
        opts.sha256 !== undefined && opts.size !== undefined
          ? { sha256: opts.sha256, size: opts.size }
          : await hashFile(temp);
      return commit(temp, facts, opts);
    },
    get: (id) => findMedia(db, id),
    async read(id) {
      const record = findMedia(db, id);
      return record ? readFile(join(dataDir, record.storage_path)) : null;
    },
    pathOf: (record) => join(dataDir, record.storage_path),
    urlFor(id, origin, filename) {
      const name = sanitizeFilename(filename ?? findMedia(db, id)?.filename, 'file');
      return `${origin}/api/v1/media/${encodeURIComponent(id)}/${encodeURIComponent(name)}`;
    },
    tempPath,
  };
}
