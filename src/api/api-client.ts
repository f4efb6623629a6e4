import { readConnection } from '../lib/connection-settings';
import { recordRequest } from '../lib/request-log';
import { createApiClient } from './client';

/**
 * The app's one client: reads the saved connection on every call, so a Settings change applies
 * at once, and logs each request so it can be copied as curl.
 */
export const apiClient = createApiClient({
  getConnection: readConnection,
  onRequest: recordRequest,
});
