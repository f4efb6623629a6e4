import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'vite';
import { routeFiles } from '../build/route-files';
import { buildBarePage } from './support/bare-page';
import type { BenchContext, BenchFigure, BenchResult } from './types';

/** Vite's `.vite/manifest.json`: one entry per chunk, keyed by its source file. */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface Weight {
  jsGzip: number;
  cssGzip: number;
  files: string[];
}

const RATIO_TARGET = 1.6;
/** Every route, a deep link included, within this many times the bare page's JS. */
const ROUTE_RATIO_TARGET = 2.5;
// Three decimals: at two, 2.504× reads as 2.50× and seems to meet a 2.5× budget.
const times = (value: number) => `${value.toFixed(3)}×`;

/** Libraries that only some pages use: each must stay out of the entry and what it imports. */
const pageOnly = [
  { name: 'wavesurfer.js', match: '/node_modules/wavesurfer.js/' },
  { name: 'tools catalog', match: '/src/api/contract/tools.ts' },
  { name: 'fflate (zip)', match: '/node_modules/fflate/' },
  { name: 'jobs chart', match: '/src/features/jobs/components/progress-chart.tsx' },
];

/**
 * Schemas no page needs to draw: each must be in no page's first view, only loaded with the
 * first answer that needs it (build/chunk-groups.ts, `answerSchemaChunk`).
 */
const notInFirstView = [
  { name: 'history schemas', match: '/src/api/contract/history.ts' },
  { name: 'inbox, budget and sign-in schemas', match: '/src/api/contract/inbox.ts' },
];

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** Records which source modules end up in which output file (the manifest does not say). */
function moduleMap(into: Map<string, string[]>): Plugin {
  return {
    name: 'bench-module-map',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') into.set(output.fileName, output.moduleIds.map(normalize));
      }
    },
  };
}

const normalize = (id: string) => id.replaceAll('\\', '/').replace(/^\0/, '');

function gzipSize(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/** The manifest keys of a chunk and everything it imports statically (what loads with it). */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) staticClosure(manifest, dep, seen);
  return seen;
}

function weigh(manifest: Manifest, keys: Iterable<string>, outDir: string): Weight {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) continue;
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
  }
  const sum = (files: Set<string>) =>
    [...files].reduce((total, file) => total + gzipSize(path.join(outDir, file)), 0);
  return { jsGzip: sum(js), cssGzip: sum(css), files: [...js, ...css] };
}

function readManifest(outDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!key) throw new Error('the manifest has no entry chunk');
  return key;
}

async function buildApp(rootDir: string, outDir: string, modules: Map<string, string[]>) {
  await build({
    root: rootDir,
    configFile: path.join(rootDir, 'vite.config.ts'),
    logLevel: 'warn',
    plugins: [moduleMap(modules)],
    build: { outDir, emptyOutDir: true, manifest: true, sourcemap: false },
  });
}

/** The bare page's JS that loads with it (gzip): the yardstick every ratio divides by. */
async function buildBare(rootDir: string, outDir: string): Promise<number> {
  await buildBarePage(rootDir, outDir);
  const manifest = readManifest(outDir);
  return weigh(manifest, staticClosure(manifest, entryKey(manifest)), outDir).jsGzip;
}

export async function run(ctx: BenchContext): Promise<BenchResult> {
  const tmp = mkdtempSync(path.join(tmpdir(), 'bench-bundle-'));
  try {
    const modules = new Map<string, string[]>();
    const appOut = path.join(tmp, 'app');
    ctx.log('building the app…');
    await buildApp(ctx.rootDir, appOut, modules);
    ctx.log('building a bare React 19 page…');
    const bareJsGzip = await buildBare(ctx.rootDir, path.join(tmp, 'bare'));

    const manifest = readManifest(appOut);
    const entry = entryKey(manifest);
    const entryKeys = staticClosure(manifest, entry);
    const entryWeight = weigh(manifest, entryKeys, appOut);
    const entryChunkOnly = gzipSize(path.join(appOut, manifest[entry]!.file));

    const routes: Record<string, Weight & { page: string }> = {};
    for (const [route, files] of routeFiles(ctx.rootDir)) {
      // A page's module is a lazy chunk of its own, or part of a group (build/chunk-groups.ts).
      const chunkKeys = files.map(
        (file) =>
          Object.keys(manifest).find(
            (k) => k.replace(/\.tsx?$/, '') === file && manifest[k]?.isDynamicEntry,
          ) ??
          Object.keys(manifest).find((k) =>
            modules
              .get(manifest[k]!.file)
              ?.some((id) => id.replace(/\.tsx?$/, '').endsWith(`/${file}`)),
          ),
      );
      if (chunkKeys.some((key) => !key)) {
        ctx.log(`no lazy chunk for ${route} (${files.join(', ')})`);
        continue;
      }
      const keys = new Set(entryKeys);
      for (const key of chunkKeys) for (const k of staticClosure(manifest, key!)) keys.add(k);
      routes[route] = { page: chunkKeys[0]!, ...weigh(manifest, keys, appOut) };
    }
    const first = routes['/'];
    if (!first) throw new Error('no lazy chunk for /, the home page');
    const ratio = first.jsGzip / bareJsGzip;
    // The first route is the lightest by design; the heaviest says what a deep link costs.
    const [heaviestRoute, heaviest] = Object.entries(routes).reduce((a, b) =>
      b[1].jsGzip > a[1].jsGzip ? b : a,
    );

    const entryFiles = new Set([...entryKeys].map((k) => manifest[k]?.file));
    /** The chunks holding a module, and the routes whose first view loads one of them. */
    const placeOf = ({ name, match }: { name: string; match: string }) => {
      const chunks = [...modules].filter(([, ids]) => ids.some((id) => id.includes(match)));
      const files = chunks.map(([file]) => file);
      const usedBy = Object.entries(routes)
        .filter(([, w]) => files.some((f) => w.files.includes(f)))
        .map(([route]) => route);
      return { name, chunks: files, routes: usedBy, inEntry: files.some((f) => entryFiles.has(f)) };
    };
    const libraries = pageOnly.map(placeOf);
    const schemas = notInFirstView.map(placeOf);

    // What the entry holds, by package, so the next person knows where its weight comes from.
    const entryModules = [...entryFiles].flatMap((f) => (f ? (modules.get(f) ?? []) : []));
    const byPackage: Record<string, number> = {};
    for (const id of entryModules) {
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id)?.[1] ?? 'src';
      byPackage[pkg] = (byPackage[pkg] ?? 0) + 1;
    }

    const summary: BenchFigure[] = [
      { label: 'Entry chunk JS (gzip)', value: kB(entryChunkOnly) },
      {
        label: 'First route JS (gzip): entry + static imports + / (home)',
        value: kB(first.jsGzip),
      },
      { label: 'First route CSS (gzip)', value: kB(first.cssGzip) },
      { label: 'Bare Vite + React 19 page JS (gzip)', value: kB(bareJsGzip) },
      {
        label: 'First route JS / bare page JS',
        value: times(ratio),
        target: `≤ ${RATIO_TARGET}×`,
        pass: ratio <= RATIO_TARGET,
      },
      {
        label: `Heaviest route (${heaviestRoute}) JS / bare page JS`,
        value: times(heaviest.jsGzip / bareJsGzip),
        target: `≤ ${ROUTE_RATIO_TARGET}×`,
        pass: heaviest.jsGzip / bareJsGzip <= ROUTE_RATIO_TARGET,
      },
      ...Object.entries(routes).map(([route, w]) => ({
        label: `Route ${route} JS / CSS (gzip)`,
        value: `${kB(w.jsGzip)} / ${kB(w.cssGzip)}`,
      })),
      ...libraries.map((lib) => ({
        label: `${lib.name} loads only on its pages`,
        value: lib.chunks.length ? lib.routes.join(', ') || 'no route' : 'not bundled',
        target: 'not in the entry',
        pass: !lib.inEntry,
      })),
      ...schemas.map((schema) => ({
        label: `The ${schema.name} load with the first answer that needs them`,
        value: schema.chunks.length
          ? `in the first view of ${schema.routes.join(', ') || 'no page'}`
          : 'not bundled',
        target: 'in the first view of no page',
        pass: schema.chunks.length > 0 && schema.routes.length === 0,
      })),
    ];
    for (const line of summary) ctx.log(`${line.label}: ${line.value}`);
    return {
      summary,
      data: {
        bareJsGzip,
        entry: { chunk: manifest[entry]!.file, chunkJsGzip: entryChunkOnly, ...entryWeight },
        entryModulesByPackage: byPackage,
        ratio,
        routes,
        libraries,
        schemas,
      },
    };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
