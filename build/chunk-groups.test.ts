import { describe, expect, it } from 'vitest';
import {
  answerSchemaChunk,
  chunkGroups,
  dataModules,
  idleModules,
  pageSetModules,
  serviceContractModules,
  sharedModules,
  sharedSchemaModules,
  type GraphModule,
} from './chunk-groups';

const graph = (entries: Record<string, Partial<GraphModule>>) =>
  new Map(
    Object.entries(entries).map(([id, m]) => [id, { isEntry: false, importedIds: [], ...m }]),
  );

const zod = '/app/node_modules/zod/v4/classic/schemas.js';
const client = '/app/src/api/client.ts';
const appClient = '/app/src/api/app-client.ts';
const definitions = '/app/src/api/endpoint-definitions.ts';
const apiError = '/app/src/api/api-error.ts';
const schemas = '/app/src/api/contract/common.ts';
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

  it('puts what every page loads into one chunk: the libraries, the contract, the layout route', () => {
    const group = chunkGroups().groups.find((candidate) => candidate.name === 'common');
    const test = group?.test as (id: string) => boolean;
    expect(test(zod)).toBe(true);
    expect(test('/app/node_modules/@tanstack/query-core/build/modern/query.js')).toBe(true);
    expect(test(schemas)).toBe(true);
    expect(test('/app/src/api/contract/history-kinds.ts')).toBe(true);
    // The schemas of the answers every page reads once drawn: chunks of their own.
    expect(test('C:\\app\\src\\api\\contract\\budgets.ts')).toBe(false);
    expect(test('/app/src/api/contract/history.ts')).toBe(false);
    // The usage report's and the webhooks' schemas: only a page or two read them.
    expect(test('C:\\app\\src\\api\\contract\\usage.ts')).toBe(false);
    expect(test('/app/src/api/contract/notifications.ts')).toBe(false);
    expect(test('/app/src/lib/query-provider.tsx')).toBe(true);
    expect(test('/app/node_modules/idb-keyval/dist/index.js')).toBe(true);
    // The app's own modules join once the build has found which every page loads.
    expect(test(client)).toBe(false);
    expect(test('/app/node_modules/wavesurfer.js/dist/wavesurfer.esm.js')).toBe(false);
    expect(test('/app/node_modules/react-hook-form/dist/index.esm.mjs')).toBe(false);
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

describe('the shared chunk', () => {
  const pages = ['home', 'voices', 'speech', 'jobs'].map(
    (name) => `/app/src/features/${name}/page.tsx`,
  );
  const [home, voices, speech, jobs] = pages as [string, string, string, string];
  const tasks = '/app/src/app/background-tasks.tsx';
  const card = '/app/src/components/card.tsx';
  const polling = '/app/src/features/jobs/polling.ts';
  const waveform = '/app/src/components/waveform/player.tsx';
  const wavesurfer = '/app/node_modules/wavesurfer.js/dist/wavesurfer.esm.js';
  const listFilter = '/app/src/components/list-filter.tsx';
  const clsx = '/app/node_modules/clsx/dist/clsx.mjs';
  const isPage = (id: string) => pages.includes(id);

  const modules = graph({
    [main]: { isEntry: true, importedIds: [apiError] },
    [home]: { importedIds: [card] },
    [voices]: { importedIds: [card, waveform, listFilter] },
    [speech]: { importedIds: [waveform, listFilter] },
    [jobs]: { importedIds: [polling, card] },
    [tasks]: { importedIds: [polling] },
    [card]: { importedIds: [clsx, apiError] },
    [polling]: { importedIds: [schemas] },
    [waveform]: { importedIds: [wavesurfer, card] },
    [listFilter]: { importedIds: [card] },
    [schemas]: { importedIds: [zod] },
    [wavesurfer]: {},
    [clsx]: {},
    [zod]: {},
    [apiError]: {},
  });
  /** The shared chunk of `of`, with the data and idle groups the build would take first. */
  const shared = (of: ReadonlyMap<string, GraphModule> = modules) => {
    const data = dataModules(of, isPage);
    return sharedModules(of, isPage, { data, idle: idleModules(of, isPage, data) });
  };

  it('holds what half the pages import, and what a page imports that every page loads anyway', () => {
    // card: three pages of four; list-filter: two of four; polling: one page and the idle roots.
    expect([...shared()].sort()).toEqual([card, clsx, listFilter, polling].sort());
  });

  it('leaves out a module whose own imports not every page has: it would join every critical path', () => {
    // The waveform player is on two pages of four but imports wavesurfer.js.
    expect(shared().has(waveform)).toBe(false);
  });

  it('leaves out a module used by fewer than half the pages', () => {
    const few = new Map(modules);
    few.set(speech, { isEntry: false, importedIds: [] });
    const result = shared(few);
    expect(result.has(listFilter)).toBe(false);
    expect(result.has(card)).toBe(true);
  });

  it('leaves out a module that imports the schemas of a page or two: they are not in every page’s chunk', () => {
    const usageSchemas = '/app/src/api/contract/usage.ts';
    const withReport = new Map(modules);
    withReport.set(listFilter, { isEntry: false, importedIds: [card, usageSchemas] });
    withReport.set(usageSchemas, { isEntry: false, importedIds: [zod] });
    const result = shared(withReport);
    expect(result.has(listFilter)).toBe(false);
    expect(result.has(card)).toBe(true);
  });

  it('drops a module that imports one dropped, however deep', () => {
    const deep = new Map(modules);
    deep.set(card, { isEntry: false, importedIds: [waveform] });
    const result = shared(deep);
    expect(result.has(card)).toBe(false);
    expect(result.has(listFilter)).toBe(false);
  });
});

describe('the chunks of what the same pages import', () => {
  const [voices, speech, train] = ['voices', 'speech', 'train'].map(
    (name) => `/app/src/features/${name}/${name}-page.tsx`,
  ) as [string, string, string];
  const player = '/app/src/components/waveform/player.tsx';
  const icons = '/app/src/components/waveform/icons.tsx';
  const field = '/app/src/components/form/text-field.tsx';
  const picker = '/app/src/components/form/picker.tsx';
  const speechOnly = '/app/src/features/speech/speech-values.ts';
  const isPage = (id: string) => [voices, speech, train].includes(id);
  const modules = graph({
    [main]: { isEntry: true, importedIds: [apiError] },
    [voices]: { importedIds: [player] },
    [speech]: { importedIds: [player, field, speechOnly, schemas] },
    [train]: { importedIds: [field, apiError] },
    [player]: { importedIds: [icons] },
    // A lazy part imports the field too: the bundler alone would give the field a chunk of its own.
    [picker]: { importedIds: [field] },
    [icons]: {},
    [field]: {},
    [speechOnly]: {},
    [schemas]: {},
    [apiError]: {},
  });

  it('names each module for the pages that import it, so one set makes one chunk', () => {
    const named = pageSetModules(modules, isPage, new Set());
    expect(Object.fromEntries(named)).toEqual({
      [player]: 'parts-speech-page+voices-page',
      [icons]: 'parts-speech-page+voices-page',
      [field]: 'parts-speech-page+train-page',
    });
  });

  it('puts the sets of little code together in one chunk, and keeps a larger set apart', () => {
    const sized = new Map(modules);
    sized.set(player, { isEntry: false, importedIds: [icons], size: 6_000 });
    sized.set(icons, { isEntry: false, importedIds: [], size: 2_500 });
    sized.set(field, { isEntry: false, importedIds: [], size: 900 });
    const named = pageSetModules(sized, isPage, new Set(), 8_000);
    expect(Object.fromEntries(named)).toEqual({
      [player]: 'parts-speech-page+voices-page',
      [icons]: 'parts-speech-page+voices-page',
      [field]: 'parts',
    });
    // The set's size counts, not the module's: the icons alone are small but stay with the player.
    expect(pageSetModules(sized, isPage, new Set(), 9_000).get(player)).toBe('parts');
  });

  it('leaves what one page imports, the entry’s, the contract’s and another group’s', () => {
    const named = pageSetModules(modules, isPage, new Set([icons]));
    expect(named.has(speechOnly)).toBe(false);
    expect(named.has(apiError)).toBe(false);
    expect(named.has(schemas)).toBe(false);
    expect(named.has(icons)).toBe(false);
  });

  it('comes after every other group, and leaves a module of no set where it is', () => {
    const { groups } = chunkGroups();
    const last = groups.at(-1)!;
    expect(typeof last.name).toBe('function');
    for (const group of groups.slice(0, -1)) expect(group.priority).toBeGreaterThan(last.priority!);
    expect((last.name as (id: string) => string | null)('/app/src/lib/anything.ts')).toBeNull();
  });
});

describe('the form library', () => {
  it('loads apart from its zod resolver, which a form fetches once used', () => {
    const { groups } = chunkGroups();
    const test = (name: string, id: string) =>
      (groups.find((group) => group.name === name)?.test as RegExp).test(id);
    const library = '/app/node_modules/react-hook-form/dist/index.esm.mjs';
    const resolver = '/app/node_modules/@hookform/resolvers/zod/dist/zod.mjs';
    expect(test('forms', library)).toBe(true);
    expect(test('forms', resolver)).toBe(false);
    expect(test('form-resolvers', resolver)).toBe(true);
  });
});

describe('the service’s contract', () => {
  const at = (file: string) => `/app/src/api/contract/${file}.ts`;
  const modules = graph({
    [at('voice-endpoints')]: { importedIds: [at('voices'), at('common'), at('zod')] },
    [at('speech-endpoints')]: { importedIds: [at('speech'), at('common'), at('zod')] },
    [at('generation-endpoints')]: { importedIds: [at('tools'), at('common'), at('zod')] },
    [at('voices')]: { importedIds: [at('languages'), at('zod')] },
    [at('speech')]: { importedIds: [at('languages'), at('common'), at('zod')] },
    [at('languages')]: { importedIds: [at('zod')] },
    [at('tools')]: { importedIds: [at('zod')] },
    [at('history')]: { importedIds: [at('tool-groups'), at('common'), at('zod')] },
    [at('tool-groups')]: {},
    [at('common')]: { importedIds: [at('zod')] },
    [at('zod')]: { importedIds: [zod] },
    [at('endpoint-routes')]: {},
    [zod]: {},
  });

  it('puts what one area’s endpoints need alone in that area’s chunk, and what areas share in one', () => {
    expect(Object.fromEntries(serviceContractModules(modules))).toEqual({
      [at('voice-endpoints')]: 'contract-voice',
      [at('voices')]: 'contract-voice',
      [at('speech-endpoints')]: 'contract-speech',
      [at('speech')]: 'contract-speech',
      [at('generation-endpoints')]: 'contract-generation',
      [at('tools')]: 'contract-generation',
      [at('languages')]: 'service-contract',
    });
  });

  it('leaves what the gateway’s answers use with the rest of the contract', () => {
    const named = serviceContractModules(modules);
    expect(named.has(at('common'))).toBe(false);
    expect(named.has(at('history'))).toBe(false);
    expect(named.has(at('zod'))).toBe(false);
  });

  it('lets the module of every endpoint take only what no area has', () => {
    const withAll = new Map(modules);
    withAll.set(at('endpoints'), {
      isEntry: false,
      importedIds: [at('voice-endpoints'), at('speech-endpoints'), at('sandbox')],
    });
    withAll.set(at('sandbox'), { isEntry: false, importedIds: [at('zod')] });
    const named = serviceContractModules(withAll);
    expect(named.get(at('voices'))).toBe('contract-voice');
    expect(named.get(at('speech'))).toBe('contract-speech');
    expect(named.get(at('sandbox'))).toBe('service-contract');
    expect(named.get(at('endpoints'))).toBe('service-contract');
  });

  it('leaves what another module of the contract imports with it: the chunks make no cycle', () => {
    const withCatalog = new Map(modules);
    // The tools' catalog is read by pages, not through the endpoints; the endpoints read its inputs too.
    withCatalog.set(at('catalog'), { isEntry: false, importedIds: [at('tool-inputs')] });
    withCatalog.set(at('tool-inputs'), { isEntry: false, importedIds: [at('zod')] });
    withCatalog.set(at('generation-endpoints'), {
      isEntry: false,
      importedIds: [at('tools'), at('tool-inputs'), at('zod')],
    });
    const named = serviceContractModules(withCatalog);
    expect(named.has(at('tool-inputs'))).toBe(false);
    expect(named.has(at('catalog'))).toBe(false);
    expect(named.get(at('tools'))).toBe('contract-generation');
  });

  it('comes before the common chunk, which would take it with the rest of the contract', () => {
    const { groups } = chunkGroups();
    const priority = (name: string) =>
      groups.find((group) => (group.debugName ?? group.name) === name)?.priority;
    expect(priority('service-contract')).toBeGreaterThan(priority('common')!);
  });
});

describe('the schemas of the answers every page reads once drawn', () => {
  const at = (file: string) => `/app/src/${file}`;

  it('puts the history’s in one chunk, the others in another', () => {
    expect(answerSchemaChunk(at('api/contract/history.ts'))).toBe('history-schemas');
    expect(answerSchemaChunk(at('api/contract/history-seed.ts'))).toBe('history-schemas');
    expect(answerSchemaChunk(at('api/contract/inbox.ts'))).toBe('answer-schemas');
    expect(answerSchemaChunk('C:\\app\\src\\api\\contract\\access.ts')).toBe('answer-schemas');
    expect(answerSchemaChunk(at('api/contract/budgets.ts'))).toBe('answer-schemas');
    expect(answerSchemaChunk(at('api/contract/gateway.ts'))).toBe('answer-schemas');
  });

  it('leaves the rest of the contract, and a module of the same name elsewhere, where it is', () => {
    expect(answerSchemaChunk(at('api/contract/common.ts'))).toBeNull();
    expect(answerSchemaChunk(at('api/contract/history-kinds.ts'))).toBeNull();
    expect(answerSchemaChunk(at('api/contract/gateway-paths.ts'))).toBeNull();
    expect(answerSchemaChunk(at('api/contract/usage.ts'))).toBeNull();
    expect(answerSchemaChunk(at('features/jobs/history.ts'))).toBeNull();
    // The reader of a page's seed checks it by hand: it comes without the schemas.
    expect(answerSchemaChunk(at('lib/history-seed.ts'))).toBeNull();
  });

  it('keeps out of the shared chunk a module that imports them: every page would build them first', () => {
    const pages = ['home', 'voices'].map((name) => at(`features/${name}/page.tsx`));
    const badge = at('components/started-by-badge.tsx');
    const history = at('api/contract/history.ts');
    const modules = graph({
      [main]: { isEntry: true },
      [pages[0]!]: { importedIds: [badge] },
      [pages[1]!]: { importedIds: [badge] },
      [badge]: { importedIds: [history] },
      [history]: { importedIds: [zod] },
      [zod]: {},
    });
    const isPage = (id: string) => pages.includes(id);
    const data = dataModules(modules, isPage);
    const shared = sharedModules(modules, isPage, {
      data,
      idle: idleModules(modules, isPage, data),
    });
    expect(shared.has(badge)).toBe(false);
  });

  it('come before the common chunk, and take none of what they import with them', () => {
    const { groups } = chunkGroups();
    const group = groups.find((candidate) => candidate.debugName === 'answer-schemas');
    const common = groups.find((candidate) => candidate.name === 'common');
    expect(group?.priority).toBeGreaterThan(common!.priority!);
    expect(group?.includeDependenciesRecursively).toBe(false);
  });
});

describe('the schemas the groups share', () => {
  const at = (file: string) => `/app/src/api/contract/${file}.ts`;
  const modules = graph({
    [at('voice-endpoints')]: { importedIds: [at('voices'), at('zod')] },
    [at('voices')]: { importedIds: [at('common'), at('envelope'), at('zod')] },
    [at('history')]: { importedIds: [at('history-parts'), at('history-kinds'), at('zod')] },
    [at('inbox')]: { importedIds: [at('history-parts'), at('zod')] },
    [at('usage')]: { importedIds: [at('history-parts'), at('zod')] },
    [at('history-parts')]: { importedIds: [at('history-kinds'), at('common')] },
    [at('common')]: { importedIds: [at('zod')] },
    [at('envelope')]: { importedIds: [at('zod'), at('error-codes')] },
    [at('error-codes')]: {},
    [at('history-kinds')]: {},
    [at('zod')]: { importedIds: [zod] },
    [zod]: {},
  });
  const service = serviceContractModules(modules);

  it('takes every module of the contract that builds schemas and no other group has', () => {
    expect([...sharedSchemaModules(modules, service)].sort()).toEqual(
      [at('common'), at('envelope'), at('history-parts')].sort(),
    );
  });

  it('leaves the contract’s zod and what builds no schema to the common chunk', () => {
    const shared = sharedSchemaModules(modules, service);
    for (const id of [at('zod'), at('error-codes'), at('history-kinds')])
      expect(shared.has(id)).toBe(false);
  });

  it('leaves the service’s, a page’s and the answers’ schemas to their own groups', () => {
    const shared = sharedSchemaModules(modules, service);
    expect(service.get(at('voices'))).toBe('contract-voice');
    for (const id of [at('voices'), at('history'), at('inbox'), at('usage')])
      expect(shared.has(id)).toBe(false);
  });

  it('keeps out of the shared chunk a module that imports one: every page would build them first', () => {
    const pages = ['home', 'voices'].map((name) => `/app/src/features/${name}/page.tsx`);
    const field = '/app/src/components/url-field.tsx';
    const withPages = new Map([
      ...modules,
      ...graph({
        [main]: { isEntry: true },
        [pages[0]!]: { importedIds: [field] },
        [pages[1]!]: { importedIds: [field] },
        [field]: { importedIds: [at('common')] },
      }),
    ]);
    const isPage = (id: string) => pages.includes(id);
    const data = dataModules(withPages, isPage);
    const groups = { data, idle: idleModules(withPages, isPage, data) };
    expect(sharedModules(withPages, isPage, groups).has(field)).toBe(true);
    const sharedSchemas = sharedSchemaModules(withPages, serviceContractModules(withPages));
    expect(sharedModules(withPages, isPage, { ...groups, sharedSchemas }).has(field)).toBe(false);
  });

  it('come before the common chunk, and take none of what they import with them', () => {
    const { groups } = chunkGroups();
    const group = groups.find((candidate) => candidate.name === 'shared-schemas');
    const common = groups.find((candidate) => candidate.name === 'common');
    expect(group?.priority).toBeGreaterThan(common!.priority!);
    expect(group?.includeDependenciesRecursively).toBe(false);
  });
});
