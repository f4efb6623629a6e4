import { readConnection } from '../lib/connection-settings';
import { recordRequest } from '../lib/request-log';
import { ApiError, clientErrorCodes } from './api-error';
import { createApiClient } from './client';
import type { DefinitionOf, EndpointDef, EndpointRoute } from './contract/endpoint';

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

let definitions: Promise<Map<string, EndpointDef>> | null = null;

/**
 * The service's endpoint schemas load with the first call of the service, not with the client:
 * the pages that first read the gateway's own history (Home, Jobs, Files) never build the
 * schemas of every endpoint, a long task on a phone. A failed load is a network failure like any
 * other, and the next call tries again.
 */
function loadDefinitions(): Promise<Map<string, EndpointDef>> {
  definitions ??= import('./contract/endpoints').then(
    ({ endpoints }) => new Map(endpoints.map((endpoint) => [endpoint.id, endpoint])),
    (cause: unknown) => {
      definitions = null;
      throw new ApiError({
        code: clientErrorCodes.network,
        message:
          'The dashboard could not load the API contract: the network failed or the server is not running.',
        status: null,
        cause,
      });
    },
  );
  return definitions;
}

/** The full definition (with its schemas) of a route a page named. */
export async function definitionOf<R extends EndpointRoute>(route: R): Promise<DefinitionOf<R>> {
  const definition = (await loadDefinitions()).get(route.id);
  if (!definition) throw new Error(`No endpoint "${route.id}" in the contract`);
  return definition as DefinitionOf<R>;
}
