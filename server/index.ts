import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { createAccess, type Access } from './access/access';
import { openAccessDatabase } from './access/access-db';
import { oidcRoutes, providerSignOutLink } from './access/oidc';
import { isLoopbackHost } from './access/loopback';
import { openExposure, openExposureRefusal } from './access/open-exposure';
import { createApp } from './app';
import { accessModeOf, loadEnv, type Env } from './env';
import { storageOf } from './db/storage';
import type { SqlDb } from './db/sql-db';
import { createGatewayHistory, type GatewayHistory } from './history/gateway-history';
import { openHistoryDatabase } from './history/history-db';
import { readFromTarget, statusPath } from './target-read';
import type { EmbeddedSetup } from './emulator/embedded';
import { consoleLogger as log } from './logger';
import { drainServer } from './ops/drain';
import { createLifecycle } from './ops/lifecycle';
import { databaseReadiness } from './ops/readiness';
import { accessMigrations } from './access/access-migrations';
import { historyMigrationSet } from './history/history-migrations';
import { createGatewayMetrics } from './ops/metrics';
import { createNotifier, type Notifier } from './notify/notifier';
import { vapidSubjectOf } from './notify/vapid-subject';

/** Uploads of hundreds of MB on a slow link outlast Node's 5-minute default for a whole request. */
const REQUEST_TIMEOUT_MS = 60 * 60_000;
/**
 * How long an idle kept-alive connection stays open. Longer than the idle timeouts of the
 * proxies and clients that pool connections to the gateway (nginx and cloud load balancers keep
 * theirs 60 s): with Node's 5 s, a pooled connection could be closed just as the next request
 * was sent on it, and that request failed with a reset connection.
 */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** How long in-flight requests get to finish after SIGINT/SIGTERM. */
const SHUTDOWN_GRACE_MS = 10_000;

function readEnv(): Env {
  try {
    return loadEnv(process.env);
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
}

const env = readEnv();
const distDir = resolve(env.DIST_DIR);
const accessMode = accessModeOf(env);

// Served to others (off loopback, or under a name a proxy or the network serves), anyone could
// use the gateway and the key it injects: it starts only when people have to sign in.
const exposure = accessMode === 'open' ? openExposure(env) : null;
if (exposure) {
  console.error(openExposureRefusal(exposure));
  process.exit(1);
}

if (!existsSync(join(distDir, 'index.html'))) {
  log.info('no built dashboard found, building it', { dist: distDir });
  const { build } = await import('vite');
  await build({ build: { outDir: distDir } });
}

/** Without an upstream, the emulator runs in this process (loaded only then: it opens SQLite). */
async function startEmbedded(): Promise<EmbeddedSetup> {
  const { createEmbeddedEmulator } = await import('./emulator/embedded');
  try {
    return createEmbeddedEmulator(process.env, env, log);
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
}

const embedded = env.API_BASE_URL ? null : await startEmbedded();
const storage = storageOf(env, resolve(env.DATA_DIR));
let access: Access;
let accessDb: SqlDb;
try {
  accessDb = await openAccessDatabase(storage);
  access = await createAccess({
    env,
    db: accessDb,
    logger: log,
    // In oidc mode: /auth/sign-in and /auth/callback go through the team's provider.
    providerRoutes: (kit) => oidcRoutes({ ...kit, env }),
    ...(env.OIDC_ISSUER && { providerSignOut: providerSignOutLink(env.OIDC_ISSUER) }),
  });
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
let historyDb: SqlDb;
try {
  historyDb = await openHistoryDatabase(storage, {
    // A pooled connection that breaks is replaced on the next query.
    onError: (error) => log.warn('history: a database connection failed', { error: error.message }),
  });
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}
let history: GatewayHistory | null = null;
let notifier: Notifier | null = null;
// How the gateway is run as a replica: probes, metrics, and the way out (server/ops).
const lifecycle = createLifecycle(log);
const metrics = createGatewayMetrics();
/** Where browsers reach this server; the real port once listening (PORT=0 picks one). */
let selfOrigin = `http://${env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST}:${env.PORT}`;
const app = createApp({
  env: { ...env, DIST_DIR: distDir },
  ...(embedded && { emulator: embedded.embedded }),
  access,
  lifecycle,
  metrics,
  readiness: databaseReadiness([
    { name: 'access', db: accessDb, migrations: accessMigrations },
    { name: 'history', db: historyDb, migrations: historyMigrationSet },
  ]),
  history: (target, logger) => {
    try {
      history = createGatewayHistory({
        db: historyDb,
        storage,
        retention: { days: env.HISTORY_RETENTION_DAYS, maxRows: env.HISTORY_MAX_ROWS },
        budgetManagers: env.BUDGET_MANAGERS,
        logger,
        read: (kind, id, signal) =>
          metrics.timeServiceCall(statusPath(kind, id), () =>
            readFromTarget(target, statusPath(kind, id), signal, selfOrigin),
          ),
      });
    } catch (err) {
      console.error(err instanceof Error ? err.message : String(err));
      process.exit(1);
    }
    return history;
  },
  notify: (gatewayHistory, logger) => {
    notifier = createNotifier({
      db: historyDb,
      history: gatewayHistory.store,
      logger,
      leading: () => gatewayHistory.lead.leading(),
      openMode: accessMode === 'open',
      policy: { allowPrivate: env.WEBHOOK_ALLOW_PRIVATE },
      publicUrl: () => env.PUBLIC_URL ?? selfOrigin,
      vapidSubject: vapidSubjectOf(env),
      metrics,
    });
    return notifier;
  },
});
metrics.readPoller(() => history?.poller.stats() ?? null);
// Handed over while requests drain, so another replica polls at once (the databases close after).
lifecycle.onShutdown('release the poller lead', () => history?.lead.release());
const server = serve(
  {
    fetch: app.fetch,
    port: env.PORT,
    hostname: env.HOST,
    serverOptions: { requestTimeout: REQUEST_TIMEOUT_MS, keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS },
  },
  (info) => {
    // A loopback name (`x.localhost`, or `localhost` in an odd hosts file) may resolve elsewhere.
    if (accessMode === 'open' && !isLoopbackHost(info.address)) {
      console.error(openExposureRefusal(`listen on ${info.address} (where HOST=${env.HOST} led)`));
      server.close();
      exit(1);
      return;
    }
    const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
    // A wildcard bind is reached on loopback from this machine; a named host as it is named.
    const reachable = ['0.0.0.0', '::'].includes(info.address) ? '127.0.0.1' : host;
    selfOrigin = `http://${reachable}:${info.port}`;
    const mode = env.API_BASE_URL
      ? `upstream ${new URL(env.API_BASE_URL).origin}`
      : 'emulator (embedded)';
    log.info(`Media Studio listening on http://${host}:${info.port}`, {
      mode,
      credentials: embedded ? true : Boolean(env.API_KEY),
    });
    if (storage.engine === 'postgres') log.info('history kept in PostgreSQL (DATABASE_URL)');
    else log.info('history kept in the data directory', { data_dir: storage.dataDir });
    if (embedded) {
      log.info('no API_BASE_URL: using the embedded emulator', {
        data_dir: embedded.emulator.deps.env.EMULATOR_DATA_DIR,
      });
    }
    // Checked above: in open mode the socket is on loopback, and no other name is served.
    log.info('access', {
      mode: accessMode,
      ...(accessMode === 'open' && { note: `no sign-in: listening on ${host} only` }),
    });
  },
);

let exiting = false;
/** Closes the databases (access, history, embedded emulator; checkpointing their WAL) before leaving. */
function exit(code: number) {
  if (exiting) return;
  exiting = true;
  // The notifier's pass finishes before the history's database closes under it.
  const notifierClosed = notifier?.close() ?? Promise.resolve();
  void Promise.allSettled([
    access.close(),
    notifierClosed.then(() => history?.close()),
    embedded?.emulator.close(),
  ]).finally(() => process.exit(code));
}

server.on('error', (err: NodeJS.ErrnoException) => {
  log.error('server failed', { code: err.code, error: err.message });
  exit(1);
});

let stopping = false;
function shutdown(signal: string) {
  if (stopping) process.exit(1); // a second Ctrl-C means "now"
  stopping = true;
  log.info('shutting down', { signal });
  // Readiness answers 503 and event streams are told to reconnect elsewhere at once; the
  // shutdown steps run while the requests under way finish; then the databases close.
  const steps = lifecycle.shutdown();
  const drained = drainServer(server);
  void Promise.all([steps, drained]).then(() => exit(0));
  setTimeout(() => {
    if (exiting) return;
    log.warn('shutdown: the grace period ran out, leaving with work under way', {
      grace_ms: SHUTDOWN_GRACE_MS,
    });
    exit(0);
  }, SHUTDOWN_GRACE_MS).unref();
}
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
