import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { historyQuerySchema, type HistoryQuery } from '../../src/api/contract/history';
import type { SqlDb } from '../db/sql-db';
import { localChangeFeed, type ChangeFeed } from './change-feed';
import { openHistorySqlite } from './history-db';
import { createHistoryStore, type HistoryStoreOptions } from './history-store';
import type { HistoryStore, NewHistoryRecord } from './types';

export type Engine = 'sqlite';
/** The engines every store suite runs on. */
export const engines: readonly Engine[] = ['sqlite'];

export interface TestStore {
  engine: Engine;
  /** The data directory (SQLite). */
  dir: string;
  store: HistoryStore;
  /** Opens the same database again, as a restart does (or, on PostgreSQL, another replica). */
  reopen(options?: Omit<HistoryStoreOptions, 'feed'>): Promise<HistoryStore>;
  /** The database itself, opened apart: closed by the caller. */
  openDb(): Promise<SqlDb>;
  /** Resolves once every change committed so far has reached the subscribers of `store`. */
  heard(store?: HistoryStore): Promise<void>;
  cleanup(...stores: HistoryStore[]): Promise<void>;
}

/** A real store on a fresh database of the engine: SQLite in a temporary data dir. */
export async function testStore(
  engine: Engine = 'sqlite',
  options: Omit<HistoryStoreOptions, 'feed'> = {},
): Promise<TestStore> {
  const dir = mkdtempSync(join(tmpdir(), 'media-studio-history-'));
  const feeds = new Map<HistoryStore, ChangeFeed>();
  const openDb = async () => openHistorySqlite(dir);
  const reopen = async (more: Omit<HistoryStoreOptions, 'feed'> = options) => {
    const feed = localChangeFeed();
    const store = createHistoryStore(await openDb(), { ...more, feed });
    feeds.set(store, feed);
    return store;
  };
  const t: TestStore = {
    engine,
    dir,
    store: await reopen(),
    reopen,
    openDb,
    heard: (which = t.store) => feeds.get(which)!.caughtUp(),
    async cleanup(...stores) {
      for (const each of stores) {
        try {
          await each.close();
        } catch {
          // Closed by the test already.
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return t;
}

export const query = (input: HistoryQuery = {}) => historyQuerySchema.parse(input);

let counter = 0;
export function record(overrides: Partial<NewHistoryRecord> = {}): NewHistoryRecord {
  counter += 1;
  return {
    id: `task_${counter}`,
    kind: 'voice',
    name: `voice_${counter}`,
    params: { name: `voice_${counter}` },
    created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, counter)).toISOString(),
    status: 'queued',
    latest: null,
    result: null,
    cost: null,
    error: null,
    source: 'client',
    ...overrides,
  };
}
