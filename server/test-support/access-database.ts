import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openAccessDatabase, type AccessDb } from '../access/access-db';
import type { Storage } from '../db/storage';
import { freshPostgresDatabase } from './test-database';

/** The engines the access suites run on. */
export const accessEngines = ['sqlite', 'postgres'] as const;
export type AccessEngine = (typeof accessEngines)[number];

/** An empty access database of its own for one test, on either engine. */
export interface TestAccessDatabase {
  storage: Storage;
  /** Opens it (again): on PostgreSQL another pool, as another replica would. */
  open(): Promise<AccessDb>;
  /** Closes whatever `open` opened and is still open, and removes the database. */
  remove(): Promise<void>;
}

async function emptyStorage(engine: AccessEngine) {
  if (engine === 'postgres') {
    const database = await freshPostgresDatabase();
    const storage: Storage = { engine, url: database.url };
    return { storage, drop: () => database.drop() };
  }
  const dir = mkdtempSync(join(tmpdir(), 'media-studio-access-db-'));
  const storage: Storage = { engine, dataDir: dir };
  return { storage, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

export async function testAccessDatabase(engine: AccessEngine): Promise<TestAccessDatabase> {
  const { storage, drop } = await emptyStorage(engine);
  const opened = new Set<AccessDb>();
  return {
    storage,
    async open() {
      const db = await openAccessDatabase(storage);
      const tracked: AccessDb = {
        ...db,
        async close() {
          if (opened.delete(tracked)) await db.close();
        },
      };
      opened.add(tracked);
      return tracked;
    },
    async remove() {
      for (const db of [...opened]) await db.close();
      await drop();
    },
  };
}
