import { z } from './zod';
import { gatewayDatabases, gatewayModes, gatewayPollers } from './gateway-paths';

export const gatewayStatusSchema = z.object({
  mode: z.enum(gatewayModes),
  /** Origin of the real service in upstream mode; null in emulator mode. */
  upstream_origin: z.nullable(z.string()),
  /** Whether the gateway holds credentials (never the credentials themselves). */
  credentials: z.boolean(),
  database: z.enum(gatewayDatabases),
  /**
   * Whether this replica polls the service for every running job, or another one does.
   * Absent from a gateway that keeps no history.
   */
  poller: z.optional(z.enum(gatewayPollers)),
});
export type GatewayStatus = z.infer<typeof gatewayStatusSchema>;
