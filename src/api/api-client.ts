import { readConnection } from '../lib/connection-settings';
import { createApiClient } from './client';

/** The app's one client: reads the saved connection on every call, so a Settings change applies at once. */
export const apiClient = createApiClient({ getConnection: readConnection });
