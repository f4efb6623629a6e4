import { afterEach, describe, expect, it, vi } from 'vitest';
import { definitionOf } from './app-client';
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
    await expect(definitionOf(route)).resolves.toBe(definition);
  });
});

describe('definitionOf', () => {
  const freshClient = async () => {
    vi.resetModules();
    return import('./app-client');
  };
  afterEach(() => {
    vi.doUnmock('./contract/endpoints');
  });

  it('builds the endpoint schemas with the first definition asked for, not with the client', async () => {
    let loads = 0;
    vi.doMock('./contract/endpoints', async (importOriginal) => {
      loads++;
      return importOriginal();
    });
    const client = await freshClient();
    expect(loads).toBe(0);

    await client.definitionOf(named[0]![1]);
    await client.definitionOf(named[1]![1]);
    expect(loads).toBe(1);
  });

  it('reports a contract that failed to arrive as a network failure, and loads it again next time', async () => {
    vi.doMock('./contract/endpoints', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const client = await freshClient();
    const [, route] = named[0]!;

    const failure = await client.definitionOf(route).catch((error: unknown) => error);
    // The fresh module graph's own ApiError class.
    expect(failure).toBeInstanceOf((await import('./api-error')).ApiError);
    expect(failure).toMatchObject({ code: 'network_error', status: null });

    vi.doUnmock('./contract/endpoints');
    await expect(client.definitionOf(route)).resolves.toMatchObject({ id: route.id });
  });
});
