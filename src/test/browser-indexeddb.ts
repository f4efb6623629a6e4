import { IDBFactory } from 'fake-indexeddb';
import { vi } from 'vitest';

/**
 * Browsers keep a File in IndexedDB as a File. Node's structuredClone, which fake-indexeddb
 * uses, cannot copy jsdom's, so the test database copies Files and Blobs the way a browser does.
 */
const nodeClone = globalThis.structuredClone;
export function cloneLikeABrowser(value: unknown): unknown {
  if (value instanceof File)
    return new File([value], value.name, { type: value.type, lastModified: value.lastModified });
  if (value instanceof Blob) return new Blob([value], { type: value.type });
  if (Array.isArray(value)) return value.map(cloneLikeABrowser);
  if (
    value !== null &&
    typeof value === 'object' &&
    Object.getPrototypeOf(value) === Object.prototype
  )
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cloneLikeABrowser(v)]));
  return nodeClone(value);
}

/**
 * An empty IndexedDB of its own for the test, keeping Files as a browser does. Modules are
 * reset too: a store keeps the database it opened in its module, so it must be imported again.
 * Undo with `vi.unstubAllGlobals()`.
 */
export function freshBrowserIndexedDb() {
  vi.stubGlobal('indexedDB', new IDBFactory());
  vi.stubGlobal('structuredClone', cloneLikeABrowser);
  vi.resetModules();
}
