import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { loadEnv, type Env } from './env';
import type { EmbeddedSetup } from './emulator/embedded';
import { consoleLogger as log } from './logger';

/** Uploads of hundreds of MB on a slow link outlast Node's 5-minute default for a whole request. */
const REQUEST_TIMEOUT_MS = 60 * 60_000;
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

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

const env = readEnv();
const distDir = resolve(env.DIST_DIR);

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
const app = createApp({
  env: { ...env, DIST_DIR: distDir },
  ...(embedded && { emulator: embedded.embedded }),
});
const server = serve(
  {
    fetch: app.fetch,
    port: env.PORT,
    hostname: env.HOST,
    serverOptions: { requestTimeout: REQUEST_TIMEOUT_MS },
  },
  (info) => {
    const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
    const mode = env.API_BASE_URL
      ? `upstream ${new URL(env.API_BASE_URL).origin}`
      : 'emulator (embedded)';
    log.info(`Media Studio listening on http://${host}:${info.port}`, {
      mode,
      credentials: embedded ? true : Boolean(env.API_KEY),
    });
    if (embedded) {
      log.info('no API_BASE_URL: using the embedded emulator', {
        data_dir: embedded.emulator.deps.env.EMULATOR_DATA_DIR,
      });
    }
    if (!isLoopback(env.HOST)) {
      log.warn(
        `bound to ${env.HOST}, not loopback: anyone who can reach this address can use the gateway, and the API key it injects`,
      );
    }
  },
);

/** Closes the embedded emulator's database (checkpointing its WAL) before leaving. */
function exit(code: number) {
  void (embedded?.emulator.close() ?? Promise.resolve()).finally(() => process.exit(code));
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
  server.close(() => exit(0));
  if ('closeIdleConnections' in server) server.closeIdleConnections();
  setTimeout(() => exit(0), SHUTDOWN_GRACE_MS).unref();
}
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
