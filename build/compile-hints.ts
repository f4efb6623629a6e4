import type { Plugin } from 'vite';
import { bundledChunks, startupChunks, type BundledChunk } from './bundle-chunks';
import { routeFiles } from './route-files';

/**
 * V8's file-wide compile hint (Chrome 136 and later; to other engines a plain comment). It must be
 * the file's first line.
 */
export const compileHint = '//# allFunctionsCalledOnLoad';

/**
 * Files smaller than this keep lazy compilation: each compiles in a fraction of a millisecond,
 * and on a page of many small chunks the hint's own bytes would cost more than it saves.
 */
export const hintMinBytes = 4096;

interface ChunkWithMap extends BundledChunk {
  code: string;
  map: { mappings: string } | null;
}

interface MapAsset {
  type: 'asset';
  source: string | Uint8Array;
}

/** The code with the hint on a line of its own before it, and its source map moved a line down. */
function withHint(chunk: ChunkWithMap, mapAsset: MapAsset | undefined) {
  chunk.code = `${compileHint}\n${chunk.code}`;
  if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
  if (!mapAsset) return;
  const map = JSON.parse(
    typeof mapAsset.source === 'string'
      ? mapAsset.source
      : new TextDecoder().decode(mapAsset.source),
  ) as { mappings: string };
  map.mappings = `;${map.mappings}`;
  mapAsset.source = JSON.stringify(map);
}

/**
 * Marks the code a page runs as it starts (the entry and each route's page code, with what they
 * import) for eager compilation. Without the hint V8 only pre-parses a function and compiles it
 * on the main thread when it is first called: on a phone, dozens of short pauses while the page
 * first renders. With it, those files are compiled while they download, off the main thread.
 * Code loaded later (dialogs, pickers, the waveform) keeps lazy compilation: most of it is never
 * called on a given visit.
 */
export function compileHints(): Plugin {
  let root = process.cwd();
  return {
    name: 'media-studio-compile-hints',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    // After Vite's own generateBundle, which puts the table of preloaded chunks at the top.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = bundledChunks(bundle);
        const { entry, routes } = startupChunks(root, chunks, routeFiles(root));
        const startup = new Set([entry, ...routes.values()].flatMap((files) => [...files]));
        for (const chunk of chunks as ChunkWithMap[]) {
          if (!startup.has(chunk.fileName) || chunk.code.length < hintMinBytes) continue;
          const map = bundle[`${chunk.fileName}.map`];
          withHint(chunk, map?.type === 'asset' ? (map as MapAsset) : undefined);
        }
      },
    },
  };
}
