import type { DefinitionOf, EndpointDef, EndpointRoute } from './contract/endpoint';
import { lazyModule } from './lazy-module';

type Definitions = Record<string, EndpointDef>;

const schemasMissing =
  'The dashboard could not load the service’s schemas: the network failed or the server is not running.';

/**
 * The service's endpoints with their schemas, by area, each loaded with the first call to one
 * of its endpoints (api-client.ts): asking for a training's status builds the training's
 * schemas, not the sandboxes' or the speech's. An area is the first part of an endpoint's id
 * (`voice.list`).
 */
const areas: Record<string, () => Promise<Definitions>> = {};
function area(names: readonly string[], load: () => Promise<Definitions>) {
  const loaded = lazyModule(load, schemasMissing);
  for (const name of names) areas[name] = loaded;
}
area(['video', 'image'], () => import('./contract/generation-endpoints'));
area(['training'], () => import('./contract/training-endpoints'));
area(['speech'], () => import('./contract/speech-endpoints'));
area(['sandbox'], () => import('./contract/sandbox-endpoints'));
area(['files'], () => import('./contract/file-endpoints'));
// The catalog's list is called with hand checks first (./endpoint-checks.ts): it loads this area
// only for an answer they refuse.
area(['voice'], () => import('./contract/voice-endpoints'));

/** The full definition (with its schemas) of a route a page named, its area loaded first. */
export async function definitionOf<R extends EndpointRoute>(route: R): Promise<DefinitionOf<R>> {
  const load = areas[route.id.slice(0, route.id.indexOf('.'))];
  const definition = load && Object.values(await load()).find(({ id }) => id === route.id);
  if (!definition) throw new Error(`No endpoint "${route.id}" in the contract`);
  return definition as DefinitionOf<R>;
}
