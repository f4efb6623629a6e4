/**
 * Small IndexedDB helpers shared by the browser's own stores (tracked jobs, training starts):
 * one cached connection per database, and promises over requests and transactions.
 */

/**
 * Opens `name` at `version` once and keeps the connection; `upgrade` creates or migrates the
 * stores. A newer version opened in another tab closes this connection, and the next call
 * opens it again; a failed open is tried again next time.
 */
export function cachedOpener(
  name: string,
  version: number,
  upgrade: (request: IDBOpenDBRequest) => void,
): () => Promise<IDBDatabase> {
  let opening: Promise<IDBDatabase> | null = null;
  return () =>
    (opening ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name, version);
      request.onupgradeneeded = () => upgrade(request);
      request.onsuccess = () => {
        const db = request.result;
        db.onversionchange = () => {
          db.close();
          opening = null;
        };
        resolve(db);
      };
      request.onerror = () => {
        opening = null;
        reject(request.error ?? new Error(`IndexedDB ${name} could not be opened`));
      };
    }));
}

export function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

export function result<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}
