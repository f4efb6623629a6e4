import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createAccess } from '../../server/access/access';
import { openAccessDatabase } from '../../server/access/access-db';
import { createApp } from '../../server/app';
import { createEmbeddedEmulator } from '../../server/emulator/embedded';
import { loadEnv } from '../../server/env';
import { createGatewayHistory, type GatewayHistory } from '../../server/history/gateway-history';
import { openHistoryDatabase } from '../../server/history/history-db';
import type { Logger } from '../../server/logger';
import { createNotifier, type Notifier } from '../../server/notify/notifier';
import { staticRoutes } from '../../server/static';
import { distReader } from '../../server/static-files';
import { readFromTarget, statusPath } from '../../server/target-read';

export interface Listening {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  close: () => Promise<void>;
}

/** Serves a Hono app on a free loopback port, as server/index.ts serves the gateway. */
export async function listen(app: Hono): Promise<Listening> {
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((done, fail) => {
    server.once('listening', done);
    server.once('error', fail);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** A folder served by the gateway's own static routes: same compression, caching and fallback. */
export function serveStatic(distDir: string): Promise<Listening> {
  return listen(new Hono().route('/', staticRoutes(distReader(distDir))));
}

/**
 * Request lines and start-up notes would bury the bench's own output: only warnings and
 * errors are passed on.
 */
function quietLogger(log: (line: string) => void): Logger {
  const say = (level: string) => (msg: string, fields?: object) =>
    log(`server ${level}: ${msg}${fields ? ` ${JSON.stringify(fields)}` : ''}`);
  return { info: () => {}, warn: say('warn'), error: say('error') };
}

/**
 * The dashboard as `npm start` runs it, in this process: the gateway with its access control
 * (open, on loopback), its embedded emulator and its history, on a fresh data dir (removed on close), serving `distDir`.
 */
export async function startDashboard(distDir: string, log: (line: string) => void) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'media-studio-bench-'));
  const logger = quietLogger(log);
  const source = {
    HOST: '127.0.0.1',
    PORT: '0',
    DIST_DIR: distDir,
    DATA_DIR: dataDir,
    EMULATOR_DATA_DIR: dataDir,
  };
  const env = loadEnv(source);
  const embedded = createEmbeddedEmulator(source, env, logger);
  // Open mode on loopback, as a default `npm start`: its /api/access/me answers the dashboard.
  const access = await createAccess({
    env,
    db: await openAccessDatabase({ engine: 'sqlite', dataDir }),
    logger,
  });
  const historyDb = await openHistoryDatabase({ engine: 'sqlite', dataDir });
  let history: GatewayHistory | undefined;
  let notifier: Notifier | undefined;
  let selfOrigin = '';
  const app = createApp({
    env,
    logger,
    emulator: embedded.embedded,
    access,
    history: (target, historyLogger) =>
      (history = createGatewayHistory({
        db: historyDb,
        storage: { engine: 'sqlite', dataDir },
        retention: { days: env.HISTORY_RETENTION_DAYS, maxRows: env.HISTORY_MAX_ROWS },
        logger: historyLogger,
        read: (kind, id, signal) =>
          readFromTarget(target, statusPath(kind, id), signal, selfOrigin),
      })),
    // As `npm start` has it: the inbox bell and Settings ask for these on every page.
    notify: (gatewayHistory, notifyLogger) =>
      (notifier = createNotifier({
        db: historyDb,
        history: gatewayHistory.store,
        logger: notifyLogger,
        leading: () => gatewayHistory.lead.leading(),
        openMode: true,
        policy: { allowPrivate: false },
        publicUrl: () => selfOrigin,
        vapidSubject: 'mailto:bench@example.com',
      })),
  });
  const server = await listen(app);
  selfOrigin = server.url;
  return {
    url: server.url,
    close: async () => {
      await server.close();
      await notifier?.close();
      await Promise.allSettled([history?.close(), embedded.emulator.close(), access.close()]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
