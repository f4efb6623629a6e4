import { z } from './zod';

/**
 * Our gateway's own endpoint, outside the service's /v1 API, so it is not an EndpointDef:
 * it tells the UI whether calls reach the emulator or the real service, and where the
 * gateway keeps its state.
 */
export const gatewayStatusPath = '/api/gateway/status';

export const gatewayModes = ['emulator', 'upstream'] as const;

/** Where the gateway keeps its state: SQLite files of its own, or PostgreSQL its replicas share. */
export const gatewayDatabases = ['sqlite', 'postgres'] as const;

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
  poller: z.optional(z.enum(['leading', 'standby'])),
});
export type GatewayStatus = z.infer<typeof gatewayStatusSchema>;
