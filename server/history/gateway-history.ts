import type { Hono } from 'hono';
import { isSettledHistoryStatus } from '../../src/api/contract/history';
import type { Logger } from '../logger';
import type { SqlDb } from '../db/sql-db';
import type { Storage } from '../db/storage';
import { audioStoreFor } from './audio-store';
import { changeFeedFor } from './change-feed';
import { historySchema } from './history-db';
import { historyRoutes } from './history-routes';
import { createHistoryStore } from './history-store';
import { createPoller, type Poller, type StatusReader } from './job-poller';
import { postgresLead, soloLead, type PollerLead } from './poller-lead';
import { createRecorder, type Recorder } from './recorder';
import { createRecordingHealth } from './recording-health';
import { createStartKeys } from './start-keys';
import type { HistoryStore, RetentionPolicy } from './types';
import { createUsage, type Usage } from '../usage/usage';

/** Retention runs at start and then this often: old entries are not worth a tighter clock. */
const pruneEveryMs = 60 * 60_000;

export interface GatewayHistoryOptions {
  /** The history's database, opened and migrated (openHistoryDatabase). */
  db: SqlDb;
  /**
   * Where the database is: the kept audio of a gateway on SQLite goes beside it; on PostgreSQL,
   * the change feed listens there.
   */
  storage: Storage;
  retention: RetentionPolicy;
  logger: Logger;
  /** One status read upstream, with the gateway's credentials. */
  read: StatusReader;
  /** How often the event stream sends a comment (and asks whether its sign-in still holds). */
  heartbeatMs?: number;
  /** Who may change budgets (BUDGET_MANAGERS); anyone when empty. */
  budgetManagers?: readonly string[];
}

/** One process on SQLite leads alone; replicas on PostgreSQL elect one. */
const leadOn = (storage: Storage, logger: Logger): PollerLead =>
  storage.engine === 'postgres'
    ? postgresLead({ url: storage.url, schema: historySchema, logger })
    : soloLead();

export interface GatewayHistory {
  store: HistoryStore;
  recorder: Recorder;
  /** Usage counts and budgets, kept in the history's transactions (server/usage). */
  usage: Usage;
  /** `/api/history*`, `/api/usage`, `/api/budgets*` and the gateway's OpenAPI document. */
  routes: Hono;
  poller: Poller;
  /** Whether this process polls: always on SQLite, one replica at a time on PostgreSQL. */
  lead: PollerLead;
  /** Stops polling, then closes the change feed and the database (checkpointing a WAL). */
  close(): Promise<void>;
}

/**
 * The gateway's memory: the store in its database, the recorder that fills it,
 * the one poller that follows every unsettled job (resuming whatever a restart interrupted),
 * and the routes that read it.
 */
export function createGatewayHistory(options: GatewayHistoryOptions): GatewayHistory {
  const { logger, db, storage } = options;
  const audio = audioStoreFor(db, storage);
  const feed = changeFeedFor(db, storage, historySchema, logger);
  const store = createHistoryStore(db, { feed, audio });
  const startKeys = createStartKeys(db);
  const health = createRecordingHealth();
  // Only the replica that leads polls (and prunes); the others follow what it writes.
  const lead = leadOn(options.storage, logger);
  const poller = createPoller({
    store,
    read: options.read,
    logger,
    paused: true,
    term: lead.term,
  });
  const failed = (what: string) => (error: unknown) =>
    logger.error(what, { error: error instanceof Error ? error.message : String(error) });

  // Whatever puts an unsettled job in the store (the recorder, an import, a "track this id"),
  // the poller follows it from then on.
  store.subscribe(({ event }) => {
    if (event.type === 'upsert' && !isSettledHistoryStatus(event.entry.kind, event.entry.status))
      void poller.watch(event.entry.id);
  });

  const prune = async () => {
    if (!lead.leading()) return;
    const now = new Date();
    const removed = await store.prune(options.retention, now);
    if (removed > 0) logger.info('history: retention removed old entries', { removed });
    await startKeys.prune(now);
  };
  let pruning: Promise<void> = Promise.resolve();
  // Entries kept before usage was counted are counted once, by the replica that leads.
  const backfill = async () => {
    const counted = await store.backfillUsage();
    if (counted > 0) logger.info('usage: counted the entries kept before', { counted });
  };
  // Pruned before polling starts: whatever retention removes is not followed.
  const follow = (leading: boolean) =>
    leading
      ? backfill()
          .catch(failed('usage: counting the kept entries failed'))
          .then(prune)
          .catch(failed('history: retention failed'))
          .then(() => poller.start())
          .catch(failed('history: polling did not start'))
      : poller.pause();
  let started: Promise<unknown> = pruning;
  lead.onChange((leading) => {
    started = started.then(() => follow(leading));
  });
  lead.start();
  const pruneTimer = setInterval(() => {
    pruning = pruning.then(prune).catch(failed('history: retention failed'));
  }, pruneEveryMs);
  pruneTimer.unref();

  const usage = createUsage({ db, managers: options.budgetManagers ?? [] });
  const recorder = createRecorder({
    store,
    audio,
    health,
    watch: poller.watch,
    logger,
    startKeys,
    admit: usage.admit,
  });
  const routes = historyRoutes({
    store,
    audio,
    health,
    logger,
    ...(options.heartbeatMs !== undefined && { heartbeatMs: options.heartbeatMs }),
  });
  routes.route('/', usage.routes);
  return {
    store,
    recorder,
    poller,
    lead,
    usage,
    routes,
    async close() {
      clearInterval(pruneTimer);
      // Handed over first, so another replica takes the polling at once.
      await lead.release();
      await Promise.all([started, pruning]);
      await poller.stop();
      await store.close();
    },
  };
}
