import type { DefinitionOf, EndpointDef, EndpointRoute } from './contract/endpoint';
import { endpoints } from './contract/endpoints';
import { voiceListResponseSchema } from './contract/voices';
import { addQuickCheck } from './quick-parse';
import { isVoiceListResponse } from './voice-list-check';

// The catalog's voice list runs to thousands of voices: a hand check proves it valid in a
// fraction of zod's time.
addQuickCheck(voiceListResponseSchema, isVoiceListResponse);

/**
 * The service's endpoints with their schemas, looked up by the zod-free route a page names.
 * Loaded with the first call to the service (api-client.ts), not with a request to the
 * gateway's own endpoints: a page that only reads the history never builds these schemas.
 */
const definitions = new Map<string, EndpointDef>(
  endpoints.map((endpoint) => [endpoint.id, endpoint]),
);

/** The full definition (with its schemas) of a route a page named. */
export function definitionOf<R extends EndpointRoute>(route: R): DefinitionOf<R> {
  const definition = definitions.get(route.id);
  if (!definition) throw new Error(`No endpoint "${route.id}" in the contract`);
  return definition as DefinitionOf<R>;
}
