import { join } from 'node:path';
import type { Hono } from 'hono';
import { isSettledHistoryStatus } from '../../src/api/contract/history';
import type { Logger } from '../logger';
import { createAudioStore } from './audio-store';
import { openHistoryDb } from './history-db';
import { historyRoutes } from './history-routes';
import { createHistoryStore } from './history-store';
import { createPoller, type Poller, type StatusReader } from './job-poller';
import { createRecorder, type Recorder } from './recorder';
import { createRecordingHealth } from './recording-health';
import { createStartKeys } from './start-keys';
import type { HistoryStore, RetentionPolicy } from './types';

/** Retention runs at start and then this often: old entries are not worth a tighter clock. */
const pruneEveryMs = 60 * 60_000;

export interface GatewayHistoryOptions {
  dataDir: string;
  retention: RetentionPolicy;
  logger: Logger;
  /** One status read upstream, with the gateway's credentials. */
  read: StatusReader;
  /** How often the event stream sends a comment (and asks whether its sign-in still holds). */
  heartbeatMs?: number;
}

export interface GatewayHistory {
  store: HistoryStore;
  recorder: Recorder;
  /** `/api/history*` and the gateway's OpenAPI document. */
  routes: Hono;
  poller: Poller;
  /** Stops polling and closes the database (checkpointing its WAL). */
  close(): Promise<void>;
}

/**
 * The gateway's memory: the store in `${dataDir}/history.sqlite`, the recorder that fills it,
 * the one poller that follows every unsettled job (resuming whatever a restart interrupted),
 * and the routes that read it.
 */
export function createGatewayHistory(options: GatewayHistoryOptions): GatewayHistory {
  const { logger } = options;
  const db = openHistoryDb(options.dataDir);
  const store = createHistoryStore(db);
  const startKeys = createStartKeys(db);
  const audio = createAudioStore(join(options.dataDir, 'history-audio'));
  const health = createRecordingHealth();
  const poller = createPoller({ store, read: options.read, logger });

  // Whatever puts an unsettled job in the store (the recorder, an import, a "track this id"),
  // the poller follows it from then on.
  store.subscribe(({ event }) => {
    if (event.type === 'upsert' && !isSettledHistoryStatus(event.entry.kind, event.entry.status))
      poller.watch(event.entry.id);
  });

  const prune = () => {
    try {
      const now = new Date();
      const removed = store.prune(options.retention, now);
      if (removed > 0) logger.info('history: retention removed old entries', { removed });
      startKeys.prune(now);
    } catch (error) {
      logger.error('history: retention failed', {
        error: error instanceof Error ? error.message : String(error),
      });
    }
  };
  prune();
  const pruneTimer = setInterval(prune, pruneEveryMs);
  pruneTimer.unref();
  poller.start();

  const recorder = createRecorder({
    store,
    audio,
    health,
    watch: poller.watch,
    logger,
    startKeys,
  });
  return {
    store,
    recorder,
    poller,
    routes: historyRoutes({
      store,
      audio,
      health,
      logger,
      ...(options.heartbeatMs !== undefined && { heartbeatMs: options.heartbeatMs }),
    }),
    async close() {
      clearInterval(pruneTimer);
      await poller.stop();
      store.close();
    },
  };
}
