import { readConnection } from '../lib/connection-settings';
import { recordRequest } from '../lib/request-log';
import { createApiClient } from './client';

/**
 * The app's one client: reads the saved connection on every call, so a Settings change applies
 * at once, and logs each request so it can be copied as curl. Loaded by api-client.ts on the
 * first request; the service's endpoint schemas come apart, with the first call to the service
 * (endpoint-definitions.ts).
 */
export const appClient = createApiClient({
  getConnection: readConnection,
  onRequest: recordRequest,
});

export { createApiClient };
