import type { Logger } from '../logger';
import { historyRoutes } from './history-routes';
import { createRecordingHealth } from './recording-health';
import { testStore, type Engine } from './test-store';
import type { HistoryStore } from './types';
import type { HistoryImportEntry } from '../../src/api/contract/history';

const silent: Logger = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * Counts live subscriptions, so a test can prove a closed stream left none behind, and lets a
 * test write just before a stream reads its backlog (the race a resume must survive). It only
 * forwards to the real store: every read and write is the real database's.
 */
function countingStore(inner: HistoryStore) {
  let live = 0;
  const hooks: {
    backlog: { when: 'before' | 'after'; run: () => Promise<unknown> } | null;
  } = {
    backlog: null,
  };
  const store: HistoryStore = Object.create(inner) as HistoryStore;
  store.changesSince = async (seq) => {
    const hook = hooks.backlog;
    hooks.backlog = null;
    if (hook?.when === 'before') await hook.run();
    const changes = await inner.changesSince(seq);
    if (hook?.when === 'after') await hook.run();
    return changes;
  };
  store.subscribe = (listener) => {
    const unsubscribe = inner.subscribe(listener);
    live += 1;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      live -= 1;
      unsubscribe();
    };
  };
  return { store, live: () => live, hooks };
}

function countingHealth() {
  const inner = createRecordingHealth();
  let live = 0;
  return {
    health: {
      ...inner,
      subscribe(listener: (message: string) => void) {
        const unsubscribe = inner.subscribe(listener);
        live += 1;
        return () => {
          live -= 1;
          unsubscribe();
        };
      },
    },
    live: () => live,
  };
}

/** The history routes over a real store, audio and health on a fresh database of the engine. */
export async function routesHarness(options: { heartbeatMs?: number; engine?: Engine } = {}) {
  const { engine = 'sqlite', ...routeOptions } = options;
  const t = await testStore(engine);
  const counted = countingStore(t.store);
  const { health, live: healthListeners } = countingHealth();
  const app = historyRoutes({
    store: counted.store,
    audio: t.audio,
    health,
    logger: silent,
    ...routeOptions,
  });
  return {
    app,
    engine,
    /** The database, opened apart: closed by the caller. */
    openDb: t.openDb,
    store: counted.store,
    audio: t.audio,
    health,
    storeListeners: counted.live,
    healthListeners,
    /** Resolves once every change committed so far has reached the store's subscribers. */
    heard: () => t.heard(t.store),
    /** Runs `run` once, just before or after a stream next reads the changes it missed. */
    aroundBacklog(when: 'before' | 'after', run: () => Promise<unknown>) {
      counted.hooks.backlog = { when, run };
    },
    cleanup: () => t.cleanup(t.store),
  };
}

export type RoutesHarness = Awaited<ReturnType<typeof routesHarness>>;

/** A creation as the recorder would store it; each call gets a later `created_at`. */
export { record as newRecord } from './test-store';

/** The start of an MP3 file: enough to check bytes come back exactly as sent. */
export const audioBytes = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 1, 2, 3, 250]);

/** A synchronous speech take as a browser kept it, with its audio unless told otherwise. */
export const speechTake = (id: string, audio = true): HistoryImportEntry => ({
  id,
  kind: 'speech',
  name: 'Hello there',
  params: { text: 'Hello there', voice_id: 'v1' },
  created_at: '2026-01-02T10:00:00.000Z',
  status: 'completed',
  latest: null,
  result: { urls: [], file_ids: [], content_type: 'audio/mpeg' },
  cost: 0.01,
  error: null,
  readings: [],
  ...(audio && {
    audio_base64: Buffer.from(audioBytes).toString('base64'),
    audio_content_type: 'audio/mpeg',
  }),
});
