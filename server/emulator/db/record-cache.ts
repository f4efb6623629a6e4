import { LruCache } from '../speech/lru-cache';
import type { EmulatorDb } from './database';

/**
 * Records of one table read by primary key, kept per database until the repository writes
 * that key. Only for a table whose every write goes through its repository, which calls
 * `forget` on each. Reading a row and turning it into a record costs tens of µs (one string
 * per column, JSON columns parsed); a status poll reads the same row again and again.
 *
 * Nothing read inside a transaction is kept: the transaction may still roll back. Records are
 * frozen, deeply, since every reader gets the same object.
 */
export class RecordCache<T extends object> {
  private readonly byDb = new WeakMap<EmulatorDb, LruCache<T>>();

  constructor(private readonly maxRecords: number) {}

  get(db: EmulatorDb, key: string): T | undefined {
    return this.byDb.get(db)?.get(key);
  }

  /** Keeps `record` for `key` and returns it, frozen. */
  remember(db: EmulatorDb, key: string, record: T): T {
    deepFreeze(record);
    if (db.inTransaction) return record;
    let records = this.byDb.get(db);
    if (!records) this.byDb.set(db, (records = new LruCache<T>(this.maxRecords, Infinity)));
    records.set(key, record);
    return record;
  }

  forget(db: EmulatorDb, key: string): void {
    this.byDb.get(db)?.delete(key);
  }
}

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}
