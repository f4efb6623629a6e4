import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { consoleLogger as log } from '../logger';
import { requestLog } from '../request-log';
import { createEmulator } from './app';
import { batchedLogger } from './batched-logger';
import { loadEmulatorEnv, type EmulatorEnv } from './env';

/** Uploads of hundreds of MB on a slow link outlast Node's 5-minute default for a request. */
const REQUEST_TIMEOUT_MS = 60 * 60_000;
const SHUTDOWN_GRACE_MS = 10_000;

function readEnv(): EmulatorEnv {
  try {
    return loadEmulatorEnv(process.env);
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
}

const env = readEnv();
const emulator = createEmulator({ env, cors: true, checkResponses: false });
const root = new Hono();
// One line per request: batched, since a write each was a large part of a small request's cost.
const requestLines = batchedLogger();
process.on('exit', () => requestLines.flush());
root.use('*', requestLog(requestLines));
// Handed over whole, as the gateway does, rather than mounted with root.route(): a mounted app
// brings its routes but not its notFound handler, so misses were Hono's plain-text 404.
root.all('*', (c) => emulator.app.fetch(c.req.raw, c.env));

const server = serve(
  {
    fetch: root.fetch,
    port: env.EMULATOR_PORT,
    hostname: env.EMULATOR_HOST,
    serverOptions: { requestTimeout: REQUEST_TIMEOUT_MS },
  },
  (info) => {
    const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
    log.info(`Media API emulator listening on http://${host}:${info.port}/api/v1`, {
      data_dir: env.EMULATOR_DATA_DIR,
      openapi: `http://${host}:${info.port}/api/v1/openapi.json`,
    });
    // Local development keys, printed on purpose so the user can paste one into a client.
    log.info(`accepted API keys: ${env.EMULATOR_API_KEYS.join(', ')}`);
  },
);

server.on('error', (err: NodeJS.ErrnoException) => {
  log.error('emulator failed', { code: err.code, error: err.message });
  void emulator.close().finally(() => process.exit(1));
});

let stopping = false;
function shutdown(signal: string) {
  if (stopping) process.exit(1); // a second Ctrl-C means "now"
  stopping = true;
  log.info('shutting down', { signal });
  const exit = () => void emulator.close().finally(() => process.exit(0));
  server.close(exit);
  if ('closeIdleConnections' in server) server.closeIdleConnections();
  setTimeout(exit, SHUTDOWN_GRACE_MS).unref();
}
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
