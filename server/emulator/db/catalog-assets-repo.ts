import type { EmulatorDb } from './database';
import { statement } from './sql';

/**
 * Media the emulator renders for itself (voice previews), keyed by a hash of everything that
 * shapes the bytes. The mapping survives restarts, so previews keep their URLs and are rendered
 * once per data dir instead of at every start.
 */
export function findCatalogAsset(db: EmulatorDb, key: string): string | null {
  const row = statement<[string], { media_id: string }>(
    db,
    'SELECT media_id FROM catalog_assets WHERE key = ?',
  ).get(key);
  return row?.media_id ?? null;
}

/** Replaces the mapping: a re-render (its media went missing) takes over the key. */
export function saveCatalogAsset(
  db: EmulatorDb,
  key: string,
  mediaId: string,
  createdAt: string,
): void {
  statement(
    db,
    'INSERT OR REPLACE INTO catalog_assets (key, media_id, created_at) VALUES (?, ?, ?)',
  ).run(key, mediaId, createdAt);
}
