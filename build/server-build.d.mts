/** Where the bundled gateway and emulator are written. */
export const SERVER_OUT_DIR: string;
/** The bundled file of an entry under server/: `server/index.ts` → `dist-server/index.mjs`. */
export function bundledEntry(entry: string): string;
/**
 * True when the bundle is there and no file it was made from changed since (or went away).
 * `outDir` holds the bundle's manifest: dist-server/ unless given.
 */
export function serverBuildIsCurrent(outDir?: string): boolean;
/** Bundles the server entries; packages stay in node_modules, imported as they are. */
export function buildServer(): void;
/** Bundles the server unless the bundle is current. */
export function ensureServerBuild(): void;
