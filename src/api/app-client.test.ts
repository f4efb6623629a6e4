import { describe, expect, it } from 'vitest';
import { definitionOf } from './endpoint-definitions';
import type { EndpointRoute } from './contract/endpoint';
import * as routes from './contract/endpoint-routes';
import * as definitions from './contract/endpoints';

const named = Object.entries(routes).flatMap(([name, route]) =>
  name === 'endpointRouteMeta' ? [] : [[name, route as EndpointRoute] as const],
);

describe('endpoint routes', () => {
  it('name every endpoint of the contract once', () => {
    expect(named.map(([, route]) => route.id).sort()).toEqual(
      definitions.endpoints.map((endpoint) => endpoint.id).sort(),
    );
  });

  it.each(named)('%s is its definition without the schemas', async (name, route) => {
    const definition = definitions[name as keyof typeof definitions];
    expect(definition).toMatchObject(route);
    expect(await definitionOf(route)).toBe(definition);
  });

  it('refuses a route the contract does not have', async () => {
    const unknown = { ...routes.endpointRouteMeta.listVoices, id: 'voice.unknown' };
    await expect(definitionOf(unknown as EndpointRoute)).rejects.toThrow(
      'No endpoint "voice.unknown"',
    );
    const noArea = { ...routes.endpointRouteMeta.listVoices, id: 'music.list' };
    await expect(definitionOf(noArea as EndpointRoute)).rejects.toThrow('No endpoint "music.list"');
  });
});
