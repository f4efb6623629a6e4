import { Hono } from 'hono';
import type { GatewayMetrics } from './metrics';

/**
 * `GET /metrics` in the Prometheus text format. Guarded like the API: with sign-in on, a
 * scraper sends a personal access token (`authorization: credentials: msat_…` in its config).
 */
export function metricsRoute(metrics: GatewayMetrics): Hono {
  const app = new Hono();
  app.get('/metrics', async (c) =>
    c.body(await metrics.registry.metrics(), 200, {
      'Content-Type': metrics.registry.contentType,
      'Cache-Control': 'no-store',
    }),
  );
  return app;
}
