import { readConnection } from '../lib/connection-settings';
import { recordRequest } from '../lib/request-log';
import { createApiClient } from './client';
import type { DefinitionOf, EndpointDef, EndpointRoute } from './contract/endpoint';
import { endpoints } from './contract/endpoints';

/**
 * The app's one client: reads the saved connection on every call, so a Settings change applies
 * at once, and logs each request so it can be copied as curl. Loaded by api-client.ts on the
 * first request, with the contract's schemas.
 */
export const appClient = createApiClient({
  getConnection: readConnection,
  onRequest: recordRequest,
});

export { createApiClient };

const definitions = new Map<string, EndpointDef>(
  endpoints.map((endpoint) => [endpoint.id, endpoint]),
);

/** The full definition (with its schemas) of a route a page named. */
export function definitionOf<R extends EndpointRoute>(route: R): DefinitionOf<R> {
  const definition = definitions.get(route.id);
  if (!definition) throw new Error(`No endpoint "${route.id}" in the contract`);
  return definition as DefinitionOf<R>;
}
