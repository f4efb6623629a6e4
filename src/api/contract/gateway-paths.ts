// No zod here: the API client names the gateway's status before any schema loads.

/**
 * Our gateway's own endpoint, outside the service's /v1 API, so it is not an EndpointDef:
 * it tells the UI whether calls reach the emulator or the real service, and where the
 * gateway keeps its state.
 */
export const gatewayStatusPath = '/api/gateway/status';

export const gatewayModes = ['emulator', 'upstream'] as const;

/** Where the gateway keeps its state: SQLite files of its own, or PostgreSQL its replicas share. */
export const gatewayDatabases = ['sqlite', 'postgres'] as const;

/** Whether this replica polls the service for every running job, or another one does. */
export const gatewayPollers = ['leading', 'standby'] as const;
