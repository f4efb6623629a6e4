import type { MiddlewareHandler } from 'hono';
import type { Logger } from '../logger';
import { closeConnectionsWhenStopping } from './drain';
import { eventStreamOps } from './event-streams';
import { createLifecycle, type Lifecycle } from './lifecycle';
import { createGatewayMetrics, type GatewayMetrics } from './metrics';
import { metricsRoute } from './metrics-route';
import { probeRoutes } from './probes';
import type { Readiness } from './readiness';

export interface OpsOptions {
  readiness?: Readiness | undefined;
  lifecycle?: Lifecycle | undefined;
  metrics?: GatewayMetrics | undefined;
}

/** What the app mounts to be run as a replica: measured, probed, scraped and stopped cleanly. */
export function gatewayOps(options: OpsOptions, logger: Logger) {
  const metrics = options.metrics ?? createGatewayMetrics();
  const lifecycle = options.lifecycle ?? createLifecycle(logger);
  const closing = closeConnectionsWhenStopping(lifecycle);
  const measure: MiddlewareHandler = (c, next) =>
    metrics.measureRequests(c, async () => {
      await closing(c, next);
    });
  return {
    metrics,
    lifecycle,
    /** Outermost: every request is counted, refused ones too. */
    measure,
    /** `/healthz`, `/readyz`: before the host check and sign-in (see probes.ts). */
    probes: probeRoutes({ readiness: options.readiness, lifecycle, logger }),
    /** `/metrics`: after sign-in, like the API. */
    metricsRoute: metricsRoute(metrics),
    /** On the history's event stream path, after compression. */
    eventStreams: eventStreamOps(metrics, lifecycle),
  };
}
