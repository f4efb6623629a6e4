// The gateway and the standalone emulator as plain JavaScript in dist-server/, bundled from
// server/ (and the contract in src/api/) by esbuild. Node then starts them without a TypeScript
// loader: on 2 cores the gateway listened after 0.75 s and 0.9 CPU-seconds against 1.6 s and
// 2.2 under tsx, and held 50 MB less. Plain JavaScript itself, so `npm start` needs no loader.
import {
  copyFileSync,
  existsSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(import.meta.dirname, '..');
export const SERVER_OUT_DIR = join(ROOT, 'dist-server');
/** What was bundled, and when: the sources to compare against before using the bundle. */
const manifestOf = (outDir) => join(outDir, 'manifest.json');
/** Changes to these change what is bundled (or what it imports) without changing a source. */
const ALSO_WATCHED = ['package-lock.json', 'build/server-build.mjs'];

/** The bundled file of an entry under server/: `server/index.ts` → `dist-server/index.mjs`. */
export const bundledEntry = (entry) =>
  join(
    SERVER_OUT_DIR,
    relative(join(ROOT, 'server'), resolve(ROOT, entry)).replace(/\.ts$/, '.mjs'),
  );

const newestChange = (files) =>
  Math.max(
    ...files.map(
      (file) => statSync(join(ROOT, file), { throwIfNoEntry: false })?.mtimeMs ?? Infinity,
    ),
  );

/** True when the bundle is there and no file it was made from changed since (or went away). */
export function serverBuildIsCurrent(outDir = SERVER_OUT_DIR) {
  if (!existsSync(manifestOf(outDir))) return false;
  const { builtAt, inputs } = JSON.parse(readFileSync(manifestOf(outDir), 'utf8'));
  return newestChange([...inputs, ...ALSO_WATCHED]) < builtAt;
}

/**
 * Bundles the server entries (about 0.3 s); packages stay in node_modules, imported as they are.
 * Synchronous, so whatever starts a server process can make sure of its bundle first.
 */
export function buildServer() {
  const { buildSync } = createRequire(import.meta.url)('esbuild');
  const startedAt = Date.now();
  const result = buildSync({
    absWorkingDir: ROOT,
    entryPoints: ['server/index.ts', 'server/emulator/index.ts'],
    outbase: 'server',
    outdir: SERVER_OUT_DIR,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    // One chunk per dynamic import: a gateway with an upstream never loads the emulator.
    splitting: true,
    // Beside the entry: the page renderer finds its thread's file next to its own code.
    chunkNames: '[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    // Error stacks and logs name the server's functions as the sources do.
    keepNames: true,
    metafile: true,
    logLevel: 'warning',
  });
  // The page renderer's thread starts from this file beside the gateway's code.
  copyFileSync(
    join(ROOT, 'server/live-pages/render-worker.mjs'),
    join(SERVER_OUT_DIR, 'render-worker.mjs'),
  );
  const inputs = Object.keys(result.metafile.inputs).filter(
    (file) => !file.startsWith('node_modules/'),
  );
  writeFileSync(manifestOf(SERVER_OUT_DIR), JSON.stringify({ builtAt: startedAt, inputs }));
  removeEarlierChunks(Object.keys(result.metafile.outputs));
}

/**
 * Chunks are named by their content, so each build of a changed source leaves the last one's
 * behind. A running gateway has loaded all of its chunks while starting, so they can go.
 */
function removeEarlierChunks(outputs) {
  const kept = new Set(outputs.map((file) => resolve(ROOT, file)));
  for (const name of readdirSync(SERVER_OUT_DIR)) {
    const file = join(SERVER_OUT_DIR, name);
    if (/-[A-Z0-9]{8}\.mjs(\.map)?$/.test(name) && !kept.has(file)) rmSync(file);
  }
}

/** Bundles the server unless the bundle is current. */
export function ensureServerBuild() {
  if (!serverBuildIsCurrent()) buildServer();
}

// `node build/server-build.mjs` (part of `npm run build`) bundles whatever the state.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) buildServer();
