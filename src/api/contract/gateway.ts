import { z } from 'zod';

/**
 * Our gateway's own endpoint, outside the service's /v1 API, so it is not an EndpointDef:
 * it tells the UI whether calls reach the emulator or the real service.
 */
export const gatewayStatusPath = '/api/gateway/status';

export const gatewayModes = ['emulator', 'upstream'] as const;

export const gatewayStatusSchema = z.object({
  mode: z.enum(gatewayModes),
  /** Origin of the real service in upstream mode; null in emulator mode. */
  upstream_origin: z.string().nullable(),
  /** Whether the gateway holds credentials (never the credentials themselves). */
  credentials: z.boolean(),
  /**
   * Where the gateway keeps its state: SQLite files of one process, or the PostgreSQL that
   * every replica shares. Absent from a gateway that keeps no history.
   */
  database: z.enum(['sqlite', 'postgres']).optional(),
  /** Whether this replica polls the service for every running job, or another one does. */
  poller: z.enum(['leading', 'standby']).optional(),
});
export type GatewayStatus = z.infer<typeof gatewayStatusSchema>;
