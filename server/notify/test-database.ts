import { afterEach } from 'vitest';
import type { SqlDb } from '../db/sql-db';
import { testStore, type Engine, type TestStore } from '../history/test-store';

/**
 * A fresh history database of the engine for each test that opens one (the notifications'
 * tables are in it), with the store on it; closed and dropped after the test.
 */
export function freshDatabase() {
  let t: TestStore | null = null;
  let db: SqlDb | null = null;
  afterEach(async () => {
    await db?.close();
    db = null;
    await t?.cleanup();
    t = null;
  });
  return {
    async open(engine: Engine = 'sqlite'): Promise<SqlDb> {
      t = await testStore(engine);
      db = await t.openDb();
      return db;
    },
    /** The database the test opened. */
    get db(): SqlDb {
      if (!db) throw new Error('No database is open: call open() first');
      return db;
    },
    /** The history store on it. */
    get t(): TestStore {
      if (!t) throw new Error('No database is open: call open() first');
      return t;
    },
  };
}
