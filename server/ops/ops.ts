import type { Logger } from '../logger';
import { createLifecycle, type Lifecycle } from './lifecycle';
import { probeRoutes } from './probes';
import type { Readiness } from './readiness';

export interface OpsOptions {
  readiness?: Readiness | undefined;
  lifecycle?: Lifecycle | undefined;
}

/** What the app mounts to be run as a replica: probed and stopped cleanly. */
export function gatewayOps(options: OpsOptions, logger: Logger) {
  const lifecycle = options.lifecycle ?? createLifecycle(logger);
  return {
    lifecycle,
    /** `/healthz`, `/readyz`: before the host check and sign-in (see probes.ts). */
    probes: probeRoutes({ readiness: options.readiness, lifecycle, logger }),
  };
}
