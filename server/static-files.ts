import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';

/** A file of the build, read once, with the strong validator of exactly these bytes. */
export interface DistFile {
  bytes: Uint8Array<ArrayBuffer>;
  etag: string;
}

export interface DistReader {
  /**
   * The file at `relative` (a URL path without its leading slash), or null when the build has
   * no such file. Never anything outside the build folder.
   */
  read(relative: string): DistFile | null;
  /** CSP sources ('sha256-…') for the inline scripts of the served index.html. */
  inlineScriptHashes(): string[];
}

interface Cached {
  mtimeMs: number;
  size: number;
  file: DistFile;
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** The hash of each inline script's exact text, as CSP computes it (scripts with src are loaded). */
function scriptHashes(html: string): string[] {
  return [...html.matchAll(SCRIPT)]
    .filter(([, attrs]) => !/\bsrc\s*=/i.test(attrs!))
    .map(([, , body]) => `'sha256-${createHash('sha256').update(body!, 'utf8').digest('base64')}'`);
}

/**
 * Reads the built dashboard into memory at first use. The build is small and fixed for a
 * deploy; the size and time checked on each read still catch a rebuild into the same folder
 * (tests and `npm run preview` do that) without a restart.
 */
export function distReader(distDir: string): DistReader {
  const root = resolve(distDir);
  const cache = new Map<string, Cached>();
  let hashes: { etag: string; sources: string[] } | null = null;

  function read(relative: string): DistFile | null {
    const path = resolve(root, relative);
    if (!path.startsWith(root + sep) || relative.includes('\0')) return null;
    let stats;
    try {
      stats = statSync(path);
    } catch {
      cache.delete(path);
      return null;
    }
    if (!stats.isFile()) return null;
    const hit = cache.get(path);
    if (hit && hit.mtimeMs === stats.mtimeMs && hit.size === stats.size) return hit.file;
    const raw = readFileSync(path);
    // A view on the same memory: Response bodies take a Uint8Array over a plain ArrayBuffer.
    const bytes = new Uint8Array(raw.buffer as ArrayBuffer, raw.byteOffset, raw.length);
    const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`;
    const file = { bytes, etag };
    cache.set(path, { mtimeMs: stats.mtimeMs, size: stats.size, file });
    return file;
  }

  return {
    read,
    inlineScriptHashes() {
      const index = read('index.html');
      if (!index) return [];
      if (hashes?.etag !== index.etag)
        hashes = { etag: index.etag, sources: scriptHashes(new TextDecoder().decode(index.bytes)) };
      return hashes.sources;
    },
  };
}
