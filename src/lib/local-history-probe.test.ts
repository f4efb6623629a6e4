import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { hasLocalHistory } from './local-history-probe';

/** Creates `database` with one store, holding `records`. */
function seed(database: string, records: Record<string, unknown>) {
  return new Promise<void>((done, fail) => {
    const open = indexedDB.open(database, 1);
    open.onupgradeneeded = () => open.result.createObjectStore('history');
    open.onerror = () => fail(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction('history', 'readwrite');
      for (const [key, value] of Object.entries(records)) tx.objectStore('history').put(value, key);
      tx.oncomplete = () => {
        db.close();
        done();
      };
    };
  });
}

const databaseNames = async () => (await indexedDB.databases()).map(({ name }) => name).sort();

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

describe('hasLocalHistory', () => {
  it('is false in a browser that never kept anything, and creates no database to find out', async () => {
    expect(await hasLocalHistory()).toBe(false);
    expect(await databaseNames()).toEqual([]);
  });

  it('is false when the stores exist but are empty, or only other databases hold records', async () => {
    await seed('media-studio-speech', {});
    await seed('media-studio-training-starts', { a: { id: 'a' } });
    expect(await hasLocalHistory()).toBe(false);
  });

  it('is true as soon as one of the stores holds a record', async () => {
    await seed('media-studio-generate', {});
    await seed('media-studio-sandbox', { sb_1: { sandbox_id: 'sb_1' } });
    expect(await hasLocalHistory()).toBe(true);
    // Read as it was: no store's version moved.
    const versions = (await indexedDB.databases()).map(({ version }) => version);
    expect(versions).toEqual([1, 1]);
  });
});
