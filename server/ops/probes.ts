import { Hono } from 'hono';
import type { Logger } from '../logger';
import type { Lifecycle } from './lifecycle';
import type { Readiness, ReadinessResult } from './readiness';

/** A balancer's probe gives up after a few seconds: a database that hangs is not ready. */
export const readinessTimeoutMs = 2_000;

const NO_STORE = { 'Cache-Control': 'no-store' };

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function check(readiness: Readiness): Promise<ReadinessResult> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<ReadinessResult>((resolve) => {
    timer = setTimeout(
      () => resolve({ ready: false, reason: 'the readiness check took too long' }),
      readinessTimeoutMs,
    );
  });
  try {
    return await Promise.race([
      readiness().catch((error: unknown) => ({
        ready: false,
        reason: 'the readiness check failed',
        detail: message(error),
      })),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export interface ProbeOptions {
  /** Without it, the gateway is ready until it shuts down (nothing else to wait for). */
  readiness?: Readiness | undefined;
  lifecycle: Lifecycle;
  logger: Logger;
}

/**
 * `GET /healthz` (the process answers) and `GET /readyz` (it can serve: its databases answer
 * and are migrated, and it is not shutting down), for a load balancer or an orchestrator.
 *
 * Mounted before the host check and sign-in. Sign-in: the balancer holds no session. The host
 * check: a balancer or the kubelet addresses each instance by its own IP (`Host: 10.0.3.7:8080`),
 * which changes with every instance and cannot be listed in ALLOWED_HOSTS. That check keeps
 * pages served under a foreign name (DNS rebinding) from reading what the gateway serves with
 * its key and its users' sessions; these two answers hold neither: a fixed status, and a reason
 * of a few words (never an address or an error's text, which go to the log). They change
 * nothing, and never fall through to the app's page.
 */
export function probeRoutes({ readiness, lifecycle, logger }: ProbeOptions): Hono {
  const app = new Hono();
  app.get('/healthz', (c) => c.json({ status: 'ok' }, 200, NO_STORE));

  // Logged when it changes, not at every probe (a balancer asks every few seconds).
  let lastReason: string | undefined;
  app.get('/readyz', async (c) => {
    const result: ReadinessResult = lifecycle.stopping
      ? { ready: false, reason: 'shutting down' }
      : readiness
        ? await check(readiness)
        : { ready: true };
    if (result.ready) {
      if (lastReason !== undefined) logger.info('ready again', { was: lastReason });
      lastReason = undefined;
      return c.json({ status: 'ready' }, 200, NO_STORE);
    }
    const reason = result.reason ?? 'not ready';
    if (reason !== lastReason && !lifecycle.stopping) {
      logger.warn('not ready', { reason, ...(result.detail && { error: result.detail }) });
    }
    lastReason = reason;
    return c.json({ status: 'not_ready', reason }, 503, NO_STORE);
  });
  return app;
}
