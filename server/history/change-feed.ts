import pg from 'pg';
import { clientConfig } from '../db/postgres-db';
import type { SqlExecutor } from '../db/sql-db';
import type { Storage } from '../db/storage';
import type { Logger } from '../logger';
import { changeChannel, changeLog } from './change-log';
import type { HistoryChange } from './types';

type Listener = (change: HistoryChange) => void;

/**
 * How the history's changes reach the viewers of this process (the event streams, the poller):
 * every subscriber gets each change once, in the order of its number.
 */
export interface ChangeFeed {
  subscribe(listener: Listener): () => void;
  /**
   * True when the feed hears every commit through the database, this process's own included:
   * the writer then leaves the telling to it.
   */
  readonly hearsCommits: boolean;
  /** A change this process just committed, for a feed that does not hear commits. */
  publish(change: HistoryChange): void;
  /** Resolves once the feed knows where it starts: any change committed later reaches it. */
  readonly ready: Promise<void>;
  /** Resolves once every change committed so far has been handed to the subscribers. */
  caughtUp(): Promise<void>;
  close(): Promise<void>;
}

/** The subscribers of one feed: one that throws does not stop the others. */
export function subscribers() {
  const listeners = new Set<Listener>();
  return {
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    tell(change: HistoryChange) {
      for (const listener of listeners) {
        try {
          listener(change);
        } catch {
          // A broken viewer must not break the write or the other viewers.
        }
      }
    },
  };
}

/**
 * One process on its own database (SQLite): the writer tells the subscribers after each commit,
 * and no other process writes.
 */
export function localChangeFeed(): ChangeFeed {
  const { subscribe, tell } = subscribers();
  return {
    subscribe,
    hearsCommits: false,
    publish: tell,
    ready: Promise.resolve(),
    caughtUp: async () => undefined,
    close: async () => undefined,
  };
}

export interface ListeningFeedOptions {
  /** The history's database: where the feed reads what each notice announced. */
  db: SqlExecutor;
  /** The same database, for the one connection that listens. */
  url: string;
  schema: string;
  logger?: Logger;
  /** Shown in pg_stat_activity for the listening connection. */
  applicationName?: string;
  /** How often the listening connection is asked whether it still answers. */
  keepAliveMs?: number;
  /** How long it may take to answer before it is taken for lost. */
  answerWithinMs?: number;
  /** The wait before connecting again, doubled after each failure up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
}

const quiet: Logger = { info: () => {}, warn: () => {}, error: () => {} };
const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Rejects when `work` has not settled within `ms`. */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Replicas on one PostgreSQL database: the writer's transaction announces each change's number
 * on `changeChannel`, and every replica (the writer's own included) has one connection that
 * listens. On a notice it reads the changes after the last one it told, from the log, and
 * tells them in order: the same changes, with the same numbers, in every replica.
 *
 * The listening connection is asked `SELECT 1` every `keepAliveMs`; when it fails or stays
 * silent, the feed connects again (waiting longer after each failure) and reads what was
 * committed meanwhile. When the log no longer reaches back that far, the subscribers are told
 * a `reset`, numbered with the newest change: a viewer then reads the list again.
 */
export function listeningChangeFeed(options: ListeningFeedOptions): ChangeFeed {
  const { subscribe, tell } = subscribers();
  const log = changeLog(options.db);
  const logger = options.logger ?? quiet;
  const keepAliveMs = options.keepAliveMs ?? 10_000;
  const answerWithinMs = options.answerWithinMs ?? 5_000;
  const firstRetryMs = options.retryMs ?? 250;
  const maxRetryMs = options.maxRetryMs ?? 15_000;
  const config = clientConfig(
    options.url,
    options.schema,
    options.applicationName ?? 'media-studio-history-feed',
  );

  /** The newest change told; null until the feed knows where it starts. */
  let told: number | null = null;
  let closed = false;
  let client: pg.Client | null = null;
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  /** Cuts the wait between two attempts short when the feed closes. */
  let wake: (() => void) | null = null;

  let reading: Promise<void> | null = null;
  let readAgain = false;
  let retryRead: ReturnType<typeof setTimeout> | null = null;

  async function tellSince() {
    const changes = await log.since(told!);
    if (closed) return;
    if (changes === null) {
      const newest = await log.lastSeq();
      if (closed) return;
      told = newest;
      tell({ seq: newest, event: { type: 'reset' } });
      return;
    }
    for (const change of changes) {
      told = change.seq;
      tell(change);
    }
  }

  /** Tells what was committed since the last change told: one read at a time, again if asked. */
  function catchUp(): Promise<void> {
    if (closed || told === null) return Promise.resolve();
    if (reading) {
      readAgain = true;
      return reading;
    }
    reading = (async () => {
      try {
        do {
          readAgain = false;
          await tellSince();
        } while (readAgain && !closed);
      } catch (error) {
        if (closed) return;
        logger.warn('history: the change feed could not read the log; trying again', {
          error: reason(error),
        });
        retryRead ??= setTimeout(() => {
          retryRead = null;
          void catchUp();
        }, firstRetryMs);
      } finally {
        reading = null;
      }
    })();
    return reading;
  }

  /** Connects and listens; `lost` settles with the error that lost the connection. */
  async function listen(): Promise<{ lost: Promise<Error> }> {
    const connection = new pg.Client(config);
    client = connection;
    let lose!: (error: Error) => void;
    const lost = new Promise<Error>((resolve) => (lose = resolve));
    connection.on('error', (error) => lose(error));
    connection.on('end', () => lose(new Error('the connection ended')));
    connection.on('notification', (notice) => {
      if (notice.channel !== changeChannel) return;
      // Already told: a read for an earlier notice found it.
      if (told !== null && Number(notice.payload) <= told) return;
      void catchUp();
    });
    try {
      await connection.connect();
      await connection.query(`LISTEN ${changeChannel}`);
      if (closed) throw new Error('the change feed is closed');
    } catch (error) {
      client = null;
      void connection.end().catch(() => undefined);
      throw error;
    }
    const keepAlive = setInterval(() => {
      within(connection.query('SELECT 1'), answerWithinMs).catch((error: unknown) =>
        lose(error instanceof Error ? error : new Error(String(error))),
      );
    }, keepAliveMs);
    return {
      lost: lost.then((error) => {
        clearInterval(keepAlive);
        if (client === connection) client = null;
        // A connection that stopped answering may never finish ending: not waited for.
        void connection.end().catch(() => undefined);
        return error;
      }),
    };
  }

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => (wake = null));

  async function run() {
    let failures = 0;
    while (!closed) {
      try {
        if (told === null) {
          told = await log.lastSeq();
          markReady();
        }
        if (closed) return;
        const { lost } = await listen();
        failures = 0;
        // What was committed while nobody listened.
        void catchUp();
        const error = await lost;
        if (closed) return;
        failures = 1;
        logger.warn('history: the change feed lost its connection; connecting again', {
          error: reason(error),
        });
      } catch (error) {
        if (closed) return;
        failures += 1;
        logger.warn('history: the change feed could not connect; trying again', {
          error: reason(error),
        });
      }
      await pause(Math.min(maxRetryMs, firstRetryMs * 2 ** Math.max(0, failures - 1)));
    }
  }
  const running = run();

  return {
    subscribe,
    hearsCommits: true,
    // Every commit, this process's own included, arrives through the database.
    publish: () => undefined,
    ready,
    async caughtUp() {
      const newest = await log.lastSeq();
      const deadline = Date.now() + 10_000;
      while (!closed && (told ?? -1) < newest) {
        if (Date.now() > deadline) throw new Error(`the change feed has not told change ${newest}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    async close() {
      closed = true;
      // Writers waiting for the start go on, and meet the closed database.
      markReady();
      wake?.();
      if (retryRead) clearTimeout(retryRead);
      const connection = client;
      client = null;
      await connection?.end().catch(() => undefined);
      await running;
      await reading;
    },
  };
}

/** One process on SQLite is told by its writer; replicas on PostgreSQL listen. */
export function changeFeedFor(
  db: SqlExecutor,
  storage: Storage,
  schema: string,
  logger?: Logger,
): ChangeFeed {
  return storage.engine === 'postgres'
    ? listeningChangeFeed({ db, url: storage.url, schema, ...(logger && { logger }) })
    : localChangeFeed();
}
