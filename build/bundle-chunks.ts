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
