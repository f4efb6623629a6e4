import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Text the browser fetches. Source maps are left out on purpose: only devtools read them, and
 * compressing them at quality 11 would double the build time.
 */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/i;
/** Below this a compressed file saves less than the header overhead is worth (and a round trip is a round trip). */
export const PRECOMPRESS_MIN_BYTES = 1024;

/** Writes `<file>.br` and `<file>.gz`, each only when it is smaller than the original. */
async function compressFile(file: string, minBytes: number): Promise<boolean> {
  const bytes = await readFile(file);
  if (bytes.length < minBytes) return false;
  // Built once per deploy and served many times: the slowest, smallest settings pay off.
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < bytes.length) await writeFile(`${file}.br`, br);
  if (gz.length < bytes.length) await writeFile(`${file}.gz`, gz);
  return true;
}

/**
 * Precompresses every compressible file of a built site in place. The gateway serves these
 * siblings by Accept-Encoding instead of compressing on each request. Returns the files done.
 */
export async function precompressDir(
  dir: string,
  minBytes = PRECOMPRESS_MIN_BYTES,
): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
  const done = await Promise.all(files.map((file) => compressFile(file, minBytes)));
  return files.filter((_, i) => done[i]);
}

/**
 * Vite plugin: after a build is written (public/ files included), precompresses its output
 * directory with brotli (max quality) and gzip (level 9). Any Vite build can add it.
 */
export function precompress(minBytes = PRECOMPRESS_MIN_BYTES): Plugin {
  let outDir = '';
  return {
    name: 'media-studio-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle(error) {
      if (error) return;
      await precompressDir(outDir, minBytes);
    },
  };
}
