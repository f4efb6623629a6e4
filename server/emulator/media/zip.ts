import { unzipSync, zipSync, type Zippable } from 'fflate';

export interface ZipEntry {
  name: string;
  size: number;
  data: Uint8Array;
}

export interface ZipLimits {
  maxEntries: number;
  /** Sum of the uncompressed sizes. */
  maxTotalBytes: number;
}

// Generous for a training dataset of clips, small enough to keep one request's memory sane.
export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxEntries: 1000, maxTotalBytes: 512 * 1024 * 1024 };

/** An error about the archive's content (unsafe name, too big) rather than its format. */
export class ZipLimitError extends Error {
  override name = 'ZipLimitError';
}

/** Entries a dataset never wants: folders, macOS resource forks, hidden files. */
function isSkipped(name: string): boolean {
  const parts = name.split('/');
  return (
    name.endsWith('/') || parts[0] === '__MACOSX' || parts.some((part) => part.startsWith('.'))
  );
}

/** Absolute paths, drive letters and '..' segments would escape wherever the entry is unpacked. */
function isUnsafe(name: string): boolean {
  const normalized = name.replace(/\\/g, '/');
  return (
    normalized.startsWith('/') ||
    /^[a-z]:/i.test(normalized) ||
    normalized.split('/').some((part) => part === '..') ||
    name.includes('\0')
  );
}

/**
 * The files of a zip archive, without folders, `__MACOSX/` and dotfiles. Throws on an entry
 * whose name would escape the extraction folder, and before decompressing anything when the
 * archive declares more entries or bytes than `limits` allow.
 */
export function readZip(bytes: Uint8Array, limits: Partial<ZipLimits> = {}): ZipEntry[] {
  const { maxEntries, maxTotalBytes } = { ...DEFAULT_ZIP_LIMITS, ...limits };
  let entries = 0;
  let totalBytes = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      // Runs on the central directory, before any data is inflated. fflate then inflates
      // into a buffer of exactly the declared size, so a lying header cannot grow past it.
      filter: (file) => {
        if (isUnsafe(file.name))
          throw new ZipLimitError(`unsafe path in zip: ${JSON.stringify(file.name)}`);
        if (isSkipped(file.name)) return false;
        entries += 1;
        totalBytes += file.originalSize;
        if (entries > maxEntries) throw new ZipLimitError(`zip has more than ${maxEntries} files`);
        if (totalBytes > maxTotalBytes) {
          throw new ZipLimitError(`zip expands to more than ${maxTotalBytes} bytes`);
        }
        return true;
      },
    });
  } catch (error) {
    if (error instanceof ZipLimitError) throw error;
    throw new Error(
      `not a readable zip archive: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  return Object.entries(files).map(([name, data]) => ({ name, size: data.length, data }));
}

/**
 * A zip of `entries`. Media is already compressed, so entries are stored, not deflated:
 * deflating would spend time for nothing.
 */
export function buildZip(entries: ReadonlyArray<{ name: string; data: Uint8Array }>): Uint8Array {
  const files: Zippable = {};
  for (const { name, data } of entries) {
    if (isUnsafe(name) || name.endsWith('/'))
      throw new Error(`invalid zip entry name: ${JSON.stringify(name)}`);
    if (name in files) throw new Error(`duplicate zip entry name: ${JSON.stringify(name)}`);
    files[name] = [data, { level: 0 }];
  }
  return zipSync(files);
}
