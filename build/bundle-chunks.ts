import path from 'node:path';

/** The parts of a Rollup output chunk the build plugins read. */
export interface BundledChunk {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  isEntry?: boolean;
  imports?: string[];
}

/** A bundle's chunks. */
export function bundledChunks(bundle: Record<string, { type: string }>): BundledChunk[] {
  return Object.values(bundle).filter((chunk): chunk is BundledChunk => chunk.type === 'chunk');
}

/**
 * Each chunk that is the facade of a source module, keyed by that module's path relative to the
 * root without its `.ts`/`.tsx` extension: the form `routeFiles` names a route's page and layout.
 */
export function chunksBySource(root: string, chunks: BundledChunk[]): Map<string, BundledChunk> {
  const bySource = new Map<string, BundledChunk>();
  for (const chunk of chunks) {
    if (!chunk.facadeModuleId) continue;
    const source = path.relative(root, chunk.facadeModuleId).replaceAll('\\', '/');
    bySource.set(source.replace(/\.tsx?$/, ''), chunk);
  }
  return bySource;
}

/** What a page's first load evaluates, by chunk file name. */
export interface StartupChunks {
  /** The entry and every chunk it imports statically. */
  entry: Set<string>;
  /** Per route path: its page's and layouts' chunks with everything they import statically. */
  routes: Map<string, Set<string>>;
}

/** The chunks each route's first load evaluates, from the routes' source files (`routeFiles`). */
export function startupChunks(
  root: string,
  chunks: BundledChunk[],
  routes: Map<string, string[]>,
): StartupChunks {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (file: string, into: Set<string>): Set<string> => {
    if (into.has(file)) return into;
    into.add(file);
    for (const dep of byFile.get(file)?.imports ?? []) closure(dep, into);
    return into;
  };
  const entry = chunks.find((chunk) => chunk.isEntry);
  const bySource = chunksBySource(root, chunks);
  const byRoute = new Map<string, Set<string>>();
  for (const [routePath, files] of routes) {
    const needed = new Set<string>();
    for (const file of files) {
      const chunk = bySource.get(file);
      if (chunk) closure(chunk.fileName, needed);
    }
    byRoute.set(routePath, needed);
  }
  return { entry: entry ? closure(entry.fileName, new Set()) : new Set(), routes: byRoute };
}
