import { describe, expect, it } from 'vitest';
import { chunkGroups, dataModules, idleModules, type GraphModule } from './chunk-groups';

const graph = (entries: Record<string, Partial<GraphModule>>) =>
  new Map(
    Object.entries(entries).map(([id, m]) => [id, { isEntry: false, importedIds: [], ...m }]),
  );

const zod = '/app/node_modules/zod/v4/classic/schemas.js';
const client = '/app/src/api/client.ts';
const appClient = '/app/src/api/app-client.ts';
const definitions = '/app/src/api/endpoint-definitions.ts';
const apiError = '/app/src/api/api-error.ts';
const schemas = '/app/src/api/contract/history.ts';
const page = '/app/src/features/home/home-page.tsx';
const main = '/app/src/app/main.tsx';

describe('the data chunk', () => {
  it('holds the app’s client and what it imports of the API layer', () => {
    const modules = graph({
      [main]: { isEntry: true, importedIds: [apiError] },
      [page]: { importedIds: [apiError] },
      [appClient]: { importedIds: [client] },
      // Loaded apart, with the first call to the service.
      [definitions]: { importedIds: [schemas] },
      [client]: { importedIds: [zod, apiError, schemas] },
      [schemas]: { importedIds: [zod] },
      [zod]: {},
      [apiError]: {},
    });
    const data = dataModules(modules, (id) => id === page);
    expect([...data].sort()).toEqual([appClient, client].sort());
  });

  it('leaves out what a page or the entry imports statically, however deep', () => {
    const modules = graph({
      [main]: { isEntry: true },
      [page]: { importedIds: ['/app/src/lib/statuses.ts'] },
      '/app/src/lib/statuses.ts': { importedIds: [client] },
      [appClient]: { importedIds: [client] },
      [client]: { importedIds: [zod] },
      [zod]: {},
    });
    expect([...dataModules(modules, (id) => id === page)]).toEqual([appClient]);
  });

  it('leaves the contract’s schemas to load by group', () => {
    const modules = graph({
      [main]: { isEntry: true },
      [appClient]: { importedIds: [schemas] },
      [schemas]: {},
    });
    expect(dataModules(modules, () => false).has(schemas)).toBe(false);
  });

  it('puts the entry’s own modules first, in a group of their own', () => {
    const [start, ...rest] = chunkGroups().groups;
    expect(start).toMatchObject({ name: 'start', tags: ['$initial'] });
    for (const group of rest) expect(group.priority).toBeLessThan(start!.priority!);
  });

  it('puts the contract’s modules in one chunk, without what they import', () => {
    const group = chunkGroups().groups.find((candidate) => candidate.name === 'contract');
    const pattern = group?.test as RegExp;
    const test = (id: string) => pattern.test(id);
    expect(test(schemas)).toBe(true);
    expect(test('C:\\app\\src\\api\\contract\\usage.ts')).toBe(true);
    expect(test(client)).toBe(false);
    expect(test(zod)).toBe(false);
    expect(group?.includeDependenciesRecursively).toBe(false);
  });
});

describe('the idle chunk', () => {
  const tasks = '/app/src/app/background-tasks.tsx';
  const bell = '/app/src/features/inbox/inbox-bell.tsx';
  const watcher = '/app/src/features/jobs/job-watcher.tsx';
  const popover = '/app/src/lib/use-popover.ts';
  const relativeTime = '/app/src/lib/relative-time.ts';
  const clsx = '/app/node_modules/clsx/dist/clsx.mjs';

  it('holds what every page loads once drawn, but what a page or the data chunk has', () => {
    const modules = graph({
      [main]: { isEntry: true, importedIds: [apiError] },
      [page]: { importedIds: [relativeTime] },
      [tasks]: { importedIds: [watcher, appClient] },
      [watcher]: { importedIds: [relativeTime, schemas, clsx] },
      [bell]: { importedIds: [popover, relativeTime] },
      [popover]: {},
      [relativeTime]: {},
      [appClient]: { importedIds: [client] },
      [client]: {},
      [schemas]: { importedIds: [zod] },
      [zod]: {},
      [clsx]: {},
      [apiError]: {},
    });
    const isPage = (id: string) => id === page;
    const data = dataModules(modules, isPage);
    expect([...idleModules(modules, isPage, data)].sort()).toEqual(
      [tasks, watcher, bell, popover].sort(),
    );
  });
});
