import { result } from './idb';
import { localHistoryDatabases } from './local-history-databases';

/** Whether one store of an open database holds a record. */
async function anyRecord(db: IDBDatabase): Promise<boolean> {
  const names = [...db.objectStoreNames];
  if (names.length === 0) return false;
  const tx = db.transaction(names, 'readonly');
  const counts = await Promise.all(names.map((name) => result(tx.objectStore(name).count())));
  return counts.some((count) => count > 0);
}

/** Opens a database that exists, as it is: no version asked, so nothing is created or migrated. */
function openExisting(name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () =>
      reject(request.error ?? new Error(`IndexedDB ${name} could not be opened`));
  });
}

/**
 * Whether this browser kept history of its own (see local-history-databases), read without
 * loading the stores' code or creating a database: the import's code loads only when there is
 * something to import. Unsure (no `indexedDB.databases()`, an unreadable database) means yes.
 */
export async function hasLocalHistory(): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return false;
  if (typeof indexedDB.databases !== 'function') return true;
  const wanted = new Set<string>(Object.values(localHistoryDatabases));
  const present = (await indexedDB.databases()).flatMap(({ name }) =>
    name !== undefined && wanted.has(name) ? [name] : [],
  );
  for (const name of present) {
    try {
      const db = await openExisting(name);
      try {
        if (await anyRecord(db)) return true;
      } finally {
        db.close();
      }
    } catch {
      return true;
    }
  }
  return false;
}
