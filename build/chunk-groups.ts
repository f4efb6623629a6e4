import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { routeFiles } from './route-files';

type ChunkGroup = NonNullable<
  Exclude<Rolldown.OutputOptions['codeSplitting'], boolean | undefined>['groups']
>[number];

/** What the grouping reads of a module: whether it is the entry, and what it imports statically. */
export interface GraphModule {
  isEntry: boolean;
  importedIds: readonly string[];
}

const sep = String.raw`[\\/]`;
const zod = new RegExp(`${sep}node_modules${sep}zod${sep}`);
const query = new RegExp(`${sep}node_modules${sep}@tanstack${sep}(query-core|react-query)${sep}`);
/**
 * The form library alone: its zod resolver loads with a form's schema, once someone uses the
 * form (src/lib/lazy-resolver.ts), not with every form page's first view.
 */
const forms = new RegExp(`${sep}node_modules${sep}react-hook-form${sep}`);
const formResolvers = new RegExp(`${sep}node_modules${sep}@hookform${sep}`);
const apiLayer = new RegExp(`${sep}src${sep}api${sep}`);
/** The contract's schemas load in groups as a request needs them (src/api/lazy-module.ts). */
const contract = new RegExp(`${sep}src${sep}api${sep}contract${sep}`);
/** Every endpoint of the service with its schemas: loaded with a page's first call to it. */
const serviceEndpoints = new RegExp(`${sep}src${sep}api${sep}contract${sep}endpoints\\.ts$`);
/** The contract's zod, which every module of the contract that builds a schema imports. */
const contractZod = new RegExp(`${sep}src${sep}api${sep}contract${sep}zod\\.ts$`);
/**
 * The schemas of the gateway's own answers, which every page reads (history, access, …), and
 * of the error envelope, which any answer may be.
 */
const gatewaySchemas = [
  'history',
  'access',
  'usage',
  'notifications',
  'common',
  'gateway',
  'envelope',
].map((file) => new RegExp(`${sep}src${sep}api${sep}contract${sep}${file}\\.ts$`));

/** The client every request goes through: the root of the `data` chunk. */
const appClient = new RegExp(`${sep}src${sep}api${sep}app-client\\.ts$`);
const appCode = new RegExp(`${sep}src${sep}`);
/** A library of a few hundred bytes that the shell's small modules import. */
const tinyLibrary = new RegExp(`${sep}node_modules${sep}clsx${sep}`);
/** What every page loads lazily once it is drawn: the roots of the `idle` chunk. */
const idleRoots = [
  'app/background-tasks.tsx',
  'features/inbox/inbox-bell.tsx',
  'features/budget-banner/budget-banner.tsx',
  'components/layout/sidebar-tools.tsx',
  'lib/service-worker.ts',
  'lib/tracked-jobs-server.ts',
  'lib/server-history.ts',
].map((file) => new RegExp(`${sep}src${sep}${file.split('/').join(sep).replaceAll('.', '\\.')}$`));

/** Every module `roots` import statically, the roots included, following only `follow`. */
function staticClosure(
  modules: ReadonlyMap<string, GraphModule>,
  roots: readonly string[],
  follow: (id: string) => boolean = () => true,
): Set<string> {
  const reached = new Set(roots);
  const stack = [...roots];
  while (stack.length) {
    for (const dep of modules.get(stack.pop()!)?.importedIds ?? []) {
      if (reached.has(dep) || !follow(dep)) continue;
      reached.add(dep);
      stack.push(dep);
    }
  }
  return reached;
}

/**
 * The contract's modules only the service's endpoints need (generation, speech, training,
 * voices, files, sandboxes): a chunk apart from the schemas of the gateway's own answers,
 * which every page reads first (history, access, usage, notifications). A page that shows only
 * the team's history and jobs neither fetches nor builds them; zod builds every schema of a
 * module as it runs. The modules without zod stay in the contract's chunk, and so does what
 * any module there imports: that chunk never imports this one, and the two make no cycle.
 */
export function serviceContractModules(modules: ReadonlyMap<string, GraphModule>): Set<string> {
  const ids = [...modules.keys()];
  const inContract = (id: string) => contract.test(id);
  const endpoints = staticClosure(
    modules,
    ids.filter((id) => serviceEndpoints.test(id)),
    inContract,
  );
  const gateway = staticClosure(
    modules,
    ids.filter((id) => gatewaySchemas.some((schema) => schema.test(id))),
    inContract,
  );
  // Modules without zod (paths, routes, limits) build nothing: the clients and pages name them.
  const zodFree = (id: string) =>
    ![...staticClosure(modules, [id], inContract)].some((dep) => contractZod.test(dep));
  const rest = ids.filter(
    (id) => inContract(id) && (!endpoints.has(id) || gateway.has(id) || zodFree(id)),
  );
  const neededByRest = staticClosure(modules, rest, inContract);
  return new Set([...endpoints].filter((id) => !neededByRest.has(id)));
}

/**
 * The modules `roots` import statically within the app's own code, the roots included, minus
 * the contract's schemas (a group of their own) and whatever the entry or a page imports
 * statically: those stay where they are, or the whole group would join that page's critical
 * path. What is left is only ever reached through a lazy import of a root.
 */
export function lazyClosure(
  modules: ReadonlyMap<string, GraphModule>,
  isPage: (id: string) => boolean,
  isRoot: (id: string) => boolean,
  within: (id: string) => boolean,
): Set<string> {
  const ids = [...modules.keys()];
  const reached = staticClosure(
    modules,
    ids.filter((id) => modules.get(id)!.isEntry || isPage(id)),
  );
  const closure = staticClosure(
    modules,
    ids.filter(isRoot),
    (id) => within(id) && !contract.test(id),
  );
  return new Set([...closure].filter((id) => !reached.has(id)));
}

/**
 * The modules of the `data` chunk: the app's API client and the API layer's modules it imports
 * (transport, retries, error handling), when no page imports them itself.
 */
export function dataModules(
  modules: ReadonlyMap<string, GraphModule>,
  isPage: (id: string) => boolean,
): Set<string> {
  return lazyClosure(
    modules,
    isPage,
    (id) => appClient.test(id),
    (id) => apiLayer.test(id),
  );
}

/**
 * The modules of the `idle` chunk: the parts every page loads once it is drawn (the job
 * watcher and the other background tasks, the inbox bell, the budget banner, the sidebar's
 * tools, the service worker, the gateway's job list and history), with the app's modules they
 * import and no page does, but for the data chunk's. One chunk rather than one per module
 * shared by a different set of them: home fetched some twenty of a kilobyte each.
 */
export function idleModules(
  modules: ReadonlyMap<string, GraphModule>,
  isPage: (id: string) => boolean,
  data: ReadonlySet<string>,
): Set<string> {
  const idle = lazyClosure(
    modules,
    isPage,
    (id) => idleRoots.some((root) => root.test(id)),
    (id) => appCode.test(id),
  );
  return new Set([...idle].filter((id) => !data.has(id)));
}

/** For each module a page imports statically, however deep, the pages that do. */
function pagesReaching(
  modules: ReadonlyMap<string, GraphModule>,
  pages: readonly string[],
): Map<string, string[]> {
  const reach = new Map<string, string[]>();
  for (const page of pages) {
    for (const id of staticClosure(modules, [page]))
      reach.set(id, [...(reach.get(id) ?? []), page]);
  }
  return reach;
}

/**
 * The app's modules that two pages or more import statically and no other group holds, each
 * named for the set of pages that import it: one chunk per set. The bundler's own split is by
 * every entry that reaches a module, lazy parts included, and a page's lazy parts import the
 * same fields and players as the pages do, so it made a chunk of one module or two for each
 * slightly different set; a page fetched a dozen of a kilobyte. All modules of a chunk here are
 * needed by the same pages, so none fetches a byte more for its first view.
 */
export function pageSetModules(
  modules: ReadonlyMap<string, GraphModule>,
  isPage: (id: string) => boolean,
  taken: ReadonlySet<string>,
): Map<string, string> {
  const ids = [...modules.keys()];
  const entry = staticClosure(
    modules,
    ids.filter((id) => modules.get(id)!.isEntry),
  );
  const named = new Map<string, string>();
  for (const [id, pages] of pagesReaching(modules, ids.filter(isPage))) {
    if (pages.length < 2 || isPage(id) || entry.has(id) || taken.has(id)) continue;
    if (!appCode.test(id) || contract.test(id)) continue;
    const names = pages.map((page) => path.basename(page).replace(/\.tsx?$/, '')).sort();
    named.set(id, `parts-${names.join('+')}`);
  }
  return named;
}

/**
 * The modules of the `shared` chunk: the app's modules that half the pages or more import
 * statically (the page shell, buttons, cards, formatting), or that every page loads anyway through
 * the idle chunk's roots or the app's client while a page imports them too (the job polling,
 * the budget's queries), which keeps them out of `data` and `idle`. Left alone, each became a
 * chunk for its own set of importers: a page fetched twenty to thirty of under a kilobyte,
 * most of each its headers. A page that imports one waits for the whole chunk, so the chunk
 * takes only modules whose own imports every page has already (the entry's modules, the query
 * library, zod, the contract, the data chunk, one another, a tiny library): nothing else of
 * one page's joins every page's critical path.
 */
export function sharedModules(
  modules: ReadonlyMap<string, GraphModule>,
  isPage: (id: string) => boolean,
  groups: {
    data: ReadonlySet<string>;
    idle: ReadonlySet<string>;
    serviceContract?: ReadonlySet<string>;
  },
): Set<string> {
  const ids = [...modules.keys()];
  const entry = staticClosure(
    modules,
    ids.filter((id) => modules.get(id)!.isEntry),
  );
  const within = (id: string) => (appCode.test(id) || tinyLibrary.test(id)) && !contract.test(id);
  const pages = ids.filter(isPage);
  const reach = pagesReaching(modules, pages);
  const everyPage = staticClosure(
    modules,
    ids.filter((id) => appClient.test(id) || idleRoots.some((root) => root.test(id))),
    within,
  );
  const shared = new Set(
    ids.filter(
      (id) =>
        within(id) &&
        !isPage(id) &&
        !entry.has(id) &&
        !groups.data.has(id) &&
        !groups.idle.has(id) &&
        ((reach.get(id)?.length ?? 0) * 2 >= pages.length || (everyPage.has(id) && reach.has(id))),
    ),
  );
  const everyPageHas = (id: string) =>
    shared.has(id) ||
    entry.has(id) ||
    groups.data.has(id) ||
    zod.test(id) ||
    query.test(id) ||
    (contract.test(id) && !groups.serviceContract?.has(id)) ||
    tinyLibrary.test(id);
  // Drop whatever imports a module a page may not have, until nothing more drops.
  for (let dropped = true; dropped;) {
    dropped = false;
    for (const id of shared) {
      if (modules.get(id)!.importedIds.every(everyPageHas)) continue;
      shared.delete(id);
      dropped = true;
    }
  }
  return shared;
}

/**
 * How the build groups modules into chunks. Left to itself the bundler makes a chunk for every
 * distinct set of dynamic imports that reach a module, and the dashboard has many (pages, lazy
 * parts, the API layer's clients): the home page fetched close to ninety scripts, most of a
 * kilobyte or less, each a request and a task of its own on a phone. These groups make fewer,
 * larger ones without moving anything onto a page's critical path:
 * - `start`: everything the entry imports statically (React, the router, the shell), in one;
 * - `query`: the query library, which pages import to draw, in one rather than six;
 * - `forms`: react-hook-form, for the pages with a form, and `form-resolvers` apart;
 * - `zod`: the validation library, which pages reach through the contract's schemas;
 * - `contract`: the contract's modules the entry does not import, in one: a page's first data
 *   needs most of them (home fetched twenty-odd chunks of one module each, about half of
 *   their bytes headers), and all of them run in a few milliseconds;
 * - `data`: the app's API client and what it imports ({@link dataModules});
 * - `shared`: the small modules of the app every page loads and pages import ({@link sharedModules});
 * - `idle`: what every page loads once it is drawn ({@link idleModules});
 * - `parts-…`: what the same two pages or more import, one chunk per set ({@link pageSetModules}).
 * Pages, pickers and players stay chunks of their own: a group's modules all run when its chunk
 * arrives, and a page does not pay for another's parts.
 */
export function chunkGroups(rootDir = process.cwd()): { plugin: Plugin; groups: ChunkGroup[] } {
  let data = new Set<string>();
  let idle = new Set<string>();
  let shared = new Set<string>();
  let pageSets = new Map<string, string>();
  let serviceContract = new Set<string>();
  return {
    plugin: {
      name: 'media-studio-chunk-groups',
      apply: 'build',
      // The module graph is complete here, before the chunks are made.
      buildEnd() {
        const pages = new Set(
          [...routeFiles(rootDir).values()].flat().map((file) => path.resolve(rootDir, file)),
        );
        const modules = new Map<string, GraphModule>();
        for (const id of this.getModuleIds()) {
          const info = this.getModuleInfo(id);
          if (info) modules.set(id, { isEntry: info.isEntry, importedIds: info.importedIds });
        }
        const isPage = (id: string) => pages.has(id.replace(/\.tsx?$/, ''));
        data = dataModules(modules, isPage);
        idle = idleModules(modules, isPage, data);
        serviceContract = serviceContractModules(modules);
        shared = sharedModules(modules, isPage, { data, idle, serviceContract });
        pageSets = pageSetModules(modules, isPage, new Set([...data, ...idle, ...shared]));
      },
    },
    groups: [
      { name: 'start', tags: ['$initial'], priority: 100 },
      { name: 'query', test: query, priority: 60 },
      { name: 'forms', test: forms, priority: 60 },
      // Named, or the bundler folds it into zod's chunk, which every page fetches.
      { name: 'form-resolvers', test: formResolvers, priority: 60 },
      // Apart from the clients: the contract's schema groups import it, and the clients import
      // them; in one chunk with the clients, zod would wait on a chunk that waits on it.
      { name: 'zod', test: zod, priority: 60 },
      // After zod, which it imports; nothing of the contract imports back out of it.
      {
        name: 'service-contract',
        test: (id: string) => serviceContract.has(id),
        priority: 56,
        includeDependenciesRecursively: false,
      },
      { name: 'contract', test: contract, priority: 55, includeDependenciesRecursively: false },
      {
        name: 'data',
        test: (id: string) => data.has(id),
        priority: 50,
        // What a grouped module imports stays where it is: a page may import it too.
        includeDependenciesRecursively: false,
      },
      {
        name: 'shared',
        test: (id: string) => shared.has(id),
        priority: 45,
        includeDependenciesRecursively: false,
      },
      {
        name: 'idle',
        test: (id: string) => idle.has(id),
        priority: 40,
        includeDependenciesRecursively: false,
      },
      {
        name: (id: string) => pageSets.get(id) ?? null,
        debugName: 'parts',
        priority: 30,
        includeDependenciesRecursively: false,
      },
    ],
  };
}
