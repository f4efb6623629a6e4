import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { historyQuerySchema, type HistoryQuery } from '../../src/api/contract/history';
import type { SqlDb } from '../db/sql-db';
import { freshPostgresDatabase } from '../test-support/test-database';
import { fileAudioStore, tableAudioStore, type AudioStore } from './audio-store';
import { listeningChangeFeed, localChangeFeed, type ChangeFeed } from './change-feed';
import { historySchema, openHistoryPostgres, openHistorySqlite } from './history-db';
import { createHistoryStore, type HistoryStoreOptions } from './history-store';
import type { HistoryStore, NewHistoryRecord } from './types';

export type Engine = 'sqlite' | 'postgres';
/** The engines every store suite runs on. */
export const engines: readonly Engine[] = ['sqlite', 'postgres'];

type StoreOptions = Omit<HistoryStoreOptions, 'feed' | 'audio'>;

export interface TestStore {
  engine: Engine;
  /** A fresh directory: SQLite's data directory, and a place for files on either engine. */
  dir: string;
  /** The database's URL (PostgreSQL). */
  url: string | null;
  store: HistoryStore;
  /** Where the first store keeps speech audio: files in `dir`, or the database's table. */
  audio: AudioStore;
  /** Opens the same database again, as a restart does (or, on PostgreSQL, another replica). */
  reopen(options?: StoreOptions): Promise<HistoryStore>;
  /** The database itself, opened apart: closed by the caller. */
  openDb(): Promise<SqlDb>;
  /**
   * The connection `store` writes through, closed with it: what a part of the same process
   * shares (on SQLite, a second connection would wait for the first's writes).
   */
  storeDb: SqlDb;
  /** Resolves once every change committed so far has reached the subscribers of `store`. */
  heard(store?: HistoryStore): Promise<void>;
  cleanup(...stores: HistoryStore[]): Promise<void>;
}

/**
 * A real store on a fresh database of the engine: SQLite in a temporary data dir, or a new
 * database on the suite's PostgreSQL (with the change feed that listens, as a replica has).
 */
export async function testStore(
  engine: Engine = 'sqlite',
  options: StoreOptions = {},
): Promise<TestStore> {
  const dir = mkdtempSync(join(tmpdir(), 'media-studio-history-'));
  const database = engine === 'postgres' ? await freshPostgresDatabase('history') : null;
  const feeds = new Map<HistoryStore, ChangeFeed>();
  const openDb = async () =>
    database ? openHistoryPostgres(database.url) : openHistorySqlite(dir);
  const audios: AudioStore[] = [];
  const dbs = new Map<HistoryStore, SqlDb>();
  const reopen = async (more: StoreOptions = options) => {
    const db = await openDb();
    const feed = database
      ? listeningChangeFeed({ db, url: database.url, schema: historySchema })
      : localChangeFeed();
    const audio = database ? tableAudioStore(db) : fileAudioStore(join(dir, 'history-audio'));
    audios.push(audio);
    const store = createHistoryStore(db, { ...more, feed, audio });
    feeds.set(store, feed);
    dbs.set(store, db);
    return store;
  };
  const first = await reopen();
  const t: TestStore = {
    engine,
    dir,
    url: database?.url ?? null,
    store: first,
    storeDb: dbs.get(first)!,
    audio: audios[0]!,
    reopen,
    openDb,
    heard: (which = t.store) => feeds.get(which)!.caughtUp(),
    async cleanup(...stores) {
      for (const each of new Set([...stores, ...feeds.keys()])) {
        try {
          await each.close();
        } catch {
          // Closed by the test already.
        }
      }
      await database?.drop();
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
