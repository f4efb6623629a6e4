import { resolve } from 'node:path';
import { Hono } from 'hono';
import { consoleLogger, type Logger } from '../logger';
import { openDatabase, type EmulatorDb } from './db/database';
import type { EmulatorEnv } from './env';
import { auth } from './http/auth';
import type { EmulatorApp, EmulatorBindings } from './http/context';
import { apiCors } from './http/cors';
import { skipResponseChecks } from './http/endpoint-route';
import { apiError, EmulatorHttpError, errorFromException } from './http/errors';
import { faults } from './http/faults';
import { rateLimit } from './http/rate-limit';
import { traceId } from './http/trace';
import { unmatchedRoute } from './http/unmatched-route';
import {
  createMediaStore,
  prepareMediaDirs,
  removeOrphanMedia,
  type MediaStore,
} from './media-store';
import type { EmulatorDeps, RouteModule } from './route-module';
import { routeModules } from './route-modules';

export interface CreateEmulatorOptions {
  env: EmulatorEnv;
  /** The clock; tests pass their own. */
  now?: () => Date;
  logger?: Logger;
  /** Randomness for fault injection (seededRandom for a replayable sequence). */
  random?: () => number;
  /** Permissive CORS, for direct browser calls to the standalone emulator only (see http/cors.ts). */
  cors?: boolean;
  /** Defaults to every module in route-modules.ts. */
  routes?: readonly RouteModule[];
  /**
   * Checks every success body against the contract before sending it (default): a handler
   * that drifts from the contract answers 500 instead. Tests keep it on; a served emulator
   * turns it off, since the check costs a measurable share of a small request.
   */
  checkResponses?: boolean;
}

export interface Emulator {
  /** Serves `/api/v1/*`; mount it or call `app.fetch` directly. */
  app: EmulatorApp;
  db: EmulatorDb;
  mediaStore: MediaStore;
  deps: EmulatorDeps;
  /** Stops background work, then closes the database. Safe to call twice. */
  close(): Promise<void>;
}

/** Builds the emulator on EMULATOR_DATA_DIR (created if missing). Serving it is the caller's job. */
export function createEmulator(options: CreateEmulatorOptions): Emulator {
  const { env } = options;
  const now = options.now ?? (() => new Date());
  const logger = options.logger ?? consoleLogger;
  const dataDir = resolve(env.EMULATOR_DATA_DIR);

  const db = openDatabase(dataDir);
  prepareMediaDirs(dataDir);
  removeOrphanMedia(dataDir, db);
  const mediaStore = createMediaStore({ dataDir, db, now });
  const cleanups: Array<() => void | Promise<void>> = [];
  const deps: EmulatorDeps = {
    env,
    db,
    mediaStore,
    now,
    logger,
    onClose: (cleanup) => void cleanups.push(cleanup),
  };

  const app: EmulatorApp = new Hono<EmulatorBindings>();
  if (options.checkResponses === false) skipResponseChecks(app);
  app.use('*', traceId());
  if (options.cors) app.use('/api/*', apiCors());
  app.use('/api/*', auth(env.EMULATOR_API_KEYS));
  app.use('/api/*', rateLimit(env.EMULATOR_RATE_LIMIT, now));
  app.use(
    '/api/*',
    faults({ probability: env.EMULATOR_FAULTS, ...(options.random && { random: options.random }) }),
  );
  try {
    for (const register of options.routes ?? routeModules) register(app, deps);
  } catch (err) {
    db.close();
    throw err;
  }

  // With CORS on, apiCors answers every OPTIONS under /api/ itself: a method `Allow` names.
  const cors = options.cors === true;
  app.notFound(
    unmatchedRoute(app, { answersPreflight: (path) => cors && path.startsWith('/api/') }),
  );
  app.onError((err, c) => {
    if (err instanceof EmulatorHttpError) return errorFromException(c, err);
    logger.error('emulator request failed', {
      method: c.req.method,
      path: c.req.path,
      error: err instanceof Error ? err.message : String(err),
    });
    // Never the error itself: it may name files or internals.
    return apiError(c, 'request_failed', 'The emulator could not complete the request.', 500);
  });

  let closed: Promise<void> | null = null;
  const close = () =>
    (closed ??= (async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
      db.close();
    })());

  return { app, db, mediaStore, deps, close };
}
