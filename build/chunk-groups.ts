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
  /** Its code's length once transformed, before minifying; unknown counts as nothing. */
  size?: number;
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
/**
 * The service's endpoints with their schemas, one module per area (`voice-endpoints.ts`), each
 * loaded with a page's first call to one of its endpoints; `endpoints.ts` gathers them all.
 */
const serviceEndpoints = new RegExp(
  `${sep}src${sep}api${sep}contract${sep}(?:([a-z]+)-)?endpoints\\.ts$`,
);
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

/**
 * The schemas of the gateway's answers that only a page or two read (the usage report, the
 * webhooks and push devices): out of the common chunk, which would build them on every page.
 */
const pageSchemas = ['usage', 'notifications'].map(
  (file) => new RegExp(`${sep}src${sep}api${sep}contract${sep}${file}\\.ts$`),
);
const isPageSchema = (id: string) => pageSchemas.some((schema) => schema.test(id));

const inSrc = (file: string) =>
  new RegExp(`${sep}src${sep}${file.split('/').join(sep).replaceAll('.', '\\.')}$`);

/**
 * The schemas of the gateway's answers every page reads once it is drawn, each chunk loaded by
 * the first answer that needs one of its schemas (src/api/lazy-module.ts). In the common chunk, zod built their three hundred schemas as every
 * page started, before it could draw: about half of that task on a slow phone. Nothing a page
 * or the common chunk holds imports them but lazily; the modules of the contract without zod
 * that they import stay in the common chunk.
 * - `history-schemas`: the history's, loaded only for an answer the history's hand checks refuse
 *   (src/api/history-check.ts), to judge it: a page drawn with its history checks that seed by
 *   hand before it draws, and the lists and the event stream read the gateway's answers the same
 *   way;
 * - `answer-schemas`: the inbox's, the budgets', who is signed in and the gateway's status,
 *   which no page needs to draw, loaded likewise only for an answer their hand checks refuse
 *   (src/api/answer-checks.ts).
 */
const answerSchemaChunks = new Map(
  [
    ['api/contract/history.ts', 'history-schemas'],
    ['api/contract/history-seed.ts', 'history-schemas'],
    ['api/contract/inbox.ts', 'answer-schemas'],
    ['api/contract/access.ts', 'answer-schemas'],
    ['api/contract/budgets.ts', 'answer-schemas'],
    ['api/contract/gateway.ts', 'answer-schemas'],
  ].map(([file, chunk]) => [inSrc(file!), chunk!] as const),
);
/** The chunk of the gateway's answer schemas `id` goes to, if it is one of them. */
export function answerSchemaChunk(id: string): string | null {
  for (const [file, chunk] of answerSchemaChunks) if (file.test(id)) return chunk;
  return null;
}
const isAnswerSchema = (id: string) => answerSchemaChunk(id) !== null;

/** The client every request goes through: the root of the data modules. */
const appClient = new RegExp(`${sep}src${sep}api${sep}app-client\\.ts$`);
const appCode = new RegExp(`${sep}src${sep}`);
/** Libraries of a kilobyte or less that the shell's small modules import. */
const tinyLibrary = new RegExp(`${sep}node_modules${sep}(clsx|idb-keyval)${sep}`);
/** The route every page renders in (its query client's provider): a page to the bundler. */
const layoutRoute = new RegExp(`${sep}src${sep}lib${sep}query-provider\\.tsx$`);
/** What every page loads lazily once it is drawn: the roots of the idle modules. */
const idleRoots = [
  'app/background-tasks.tsx',
  'features/inbox/inbox-bell.tsx',
  'features/budget-banner/budget-banner.tsx',
  'components/layout/sidebar-tools.tsx',
  'lib/service-worker.ts',
  'lib/tracked-jobs-server.ts',
  'lib/server-history.ts',
  // What finishes the starts an earlier page left on its way.
  'features/training/starts/resume-all.ts',
].map(inSrc);

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
 * Whether a module of the contract builds schemas as it runs: it imports the contract's zod,
 * itself or through another module of the contract. Those without (paths, routes, limits) build
 * nothing: the clients and pages name them before any schema loads.
 */
function buildsSchemas(modules: ReadonlyMap<string, GraphModule>, id: string): boolean {
  const inContract = (dep: string) => contract.test(dep);
  return [...staticClosure(modules, [id], inContract)].some((dep) => contractZod.test(dep));
}

/**
 * The contract's modules that build schemas and that no other group of them takes: what the
 * schemas of several groups share (the common fields, the envelope, the history's parts),
 * loaded with the first group that needs them, never before a page draws. In the common chunk,
 * zod built their forty-odd schemas on every page before it drew. The contract's zod stays
 * there: every group imports it, and it builds nothing.
 */
export function sharedSchemaModules(
  modules: ReadonlyMap<string, GraphModule>,
  serviceContract: ReadonlyMap<string, string>,
): Set<string> {
  return new Set(
    [...modules.keys()].filter(
      (id) =>
        contract.test(id) &&
        !contractZod.test(id) &&
        !serviceContract.has(id) &&
        !isPageSchema(id) &&
        !isAnswerSchema(id) &&
        buildsSchemas(modules, id),
    ),
  );
}

/**
 * The contract's modules only the service's endpoints need (generation, speech, training,
 * voices, files, sandboxes), each named for the chunk it goes to: `contract-<area>` for what
 * one area's endpoints need alone, `service-contract` for what two areas or more share. They
 * stay apart from the schemas of the gateway's own answers, which every page reads first
 * (history, access, budgets, the inbox): a page that shows only the team's history and jobs
 * neither fetches nor builds them, and the voices page builds the catalog's schemas, not the
 * training's. zod builds every schema of a module as it runs. The modules without zod stay in
 * the common chunk, and so does what any module there imports: that chunk never imports these,
 * and they make no cycle.
 */
export function serviceContractModules(
  modules: ReadonlyMap<string, GraphModule>,
): Map<string, string> {
  const ids = [...modules.keys()];
  const inContract = (id: string) => contract.test(id);
  const roots = ids.filter((id) => serviceEndpoints.test(id));
  const endpoints = staticClosure(modules, roots, inContract);
  const gateway = staticClosure(
    modules,
    ids.filter((id) => gatewaySchemas.some((schema) => schema.test(id))),
    inContract,
  );
  const zodFree = (id: string) => !buildsSchemas(modules, id);
  const rest = ids.filter(
    (id) => inContract(id) && (!endpoints.has(id) || gateway.has(id) || zodFree(id)),
  );
  const neededByRest = staticClosure(modules, rest, inContract);
  const serviceOnly = new Set([...endpoints].filter((id) => !neededByRest.has(id)));
  const named = new Map<string, string>();
  // The areas first: `endpoints.ts`, which gathers them, takes only what no area has.
  const areaOf = (root: string) => serviceEndpoints.exec(root)?.[1];
  for (const root of [...roots].sort((a, b) => Number(!areaOf(a)) - Number(!areaOf(b)))) {
    const area = areaOf(root);
    const name = area ? `contract-${area}` : 'service-contract';
    for (const id of staticClosure(modules, [root], (dep) => serviceOnly.has(dep))) {
      if (!serviceOnly.has(id) || (!area && named.has(id))) continue;
      const earlier = named.get(id);
      named.set(id, earlier === undefined || earlier === name ? name : 'service-contract');
    }
  }
  return named;
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
 * The data modules, part of the `common` chunk: the app's API client and the API layer's
 * modules it imports (transport, retries, error handling), when no page imports them itself.
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
 * The idle modules, part of the `common` chunk: the parts every page loads once it is drawn
 * (the job watcher and the other background tasks, the inbox bell, the budget banner, the
 * sidebar's tools, the service worker, the gateway's job list and history, the resumption of
 * unfinished starts), with the app's modules they import and no page does, but for the data
 * modules. Left alone, home fetched some twenty chunks of a kilobyte each for them.
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
 *
 * A set whose modules come to less than `minSize` (their transformed code) joins the one
 * `parts` chunk of all such sets instead: a form page needed eight to ten chunks of a kilobyte
 * or less (a field, a tab strip, a filter), and each costs a request and a task of its own on
 * the main thread, more than the few kilobytes of another page's parts it now fetches too.
 */
export function pageSetModules(
  modules: ReadonlyMap<string, GraphModule>,
  isPage: (id: string) => boolean,
  taken: ReadonlySet<string>,
  minSize = 0,
): Map<string, string> {
  const ids = [...modules.keys()];
  const entry = staticClosure(
    modules,
    ids.filter((id) => modules.get(id)!.isEntry),
  );
  const named = new Map<string, string>();
  const setSize = new Map<string, number>();
  for (const [id, pages] of pagesReaching(modules, ids.filter(isPage))) {
    if (pages.length < 2 || isPage(id) || entry.has(id) || taken.has(id)) continue;
    if (!appCode.test(id) || contract.test(id)) continue;
    const names = pages.map((page) => path.basename(page).replace(/\.tsx?$/, '')).sort();
    const name = `parts-${names.join('+')}`;
    named.set(id, name);
    setSize.set(name, (setSize.get(name) ?? 0) + (modules.get(id)!.size ?? 0));
  }
  for (const [id, name] of named) if (setSize.get(name)! < minSize) named.set(id, 'parts');
  return named;
}

/**
 * The shared modules, part of the `common` chunk: the app's modules that half the pages or
 * more import statically (the page shell, buttons, cards, formatting), or that every page loads
 * anyway through the idle modules' roots or the app's client while a page imports them too (the
 * job polling, the budget's queries), which keeps them out of the data and idle modules. Left
 * alone, each became a chunk for its own set of importers: a page fetched twenty to thirty of
 * under a kilobyte, most of each its headers. A page that imports one waits for the whole
 * chunk, so it takes only modules whose own imports every page has already (the entry's
 * modules, the query library, zod, the contract, the data modules, one another, a tiny
 * library): nothing else of one page's joins every page's critical path.
 */
export function sharedModules(
  modules: ReadonlyMap<string, GraphModule>,
  isPage: (id: string) => boolean,
  groups: {
    data: ReadonlySet<string>;
    idle: ReadonlySet<string>;
    serviceContract?: ReadonlyMap<string, string>;
    sharedSchemas?: ReadonlySet<string>;
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
    (contract.test(id) &&
      !groups.serviceContract?.has(id) &&
      !groups.sharedSchemas?.has(id) &&
      !isPageSchema(id) &&
      !isAnswerSchema(id)) ||
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

/** Below this much code (transformed, before minifying), a page set's modules join `parts`. */
const minPartsSize = 8_000;

/**
 * How the build groups modules into chunks. Left to itself the bundler makes a chunk for every
 * distinct set of dynamic imports that reach a module, and the dashboard has many (pages, lazy
 * parts, the API layer's clients): the home page fetched close to ninety scripts, most of a
 * kilobyte or less, each a request and a task of its own on a phone. These groups make fewer,
 * larger ones without moving anything onto a page's critical path:
 * - `start`: everything the entry imports statically (React, the router, the shell), in one;
 * - `forms`: react-hook-form, for the pages with a form, and `form-resolvers` apart;
 * - `contract-<area>`: the service's schemas, an area of its endpoints to a chunk, which a
 *   page loads as it calls that area ({@link serviceContractModules});
 * - `history-schemas` and `answer-schemas`: the schemas of the gateway's answers every page
 *   reads once drawn, loaded with the first answer that needs them ({@link answerSchemaChunk});
 * - `shared-schemas`: the schemas those groups share, loaded with the first of them
 *   ({@link sharedSchemaModules});
 * - `common`: what every page loads before it is idle, in one: the query library, zod, the
 *   rest of the contract (its modules that build no schema), the API client
 *   ({@link dataModules}), the small modules pages share ({@link sharedModules}), what every
 *   page loads once drawn ({@link idleModules}) and the pages' layout route. Each page fetched these as eight to eleven chunks; all of them, every
 *   time, so one chunk costs no page a byte more and spares it the requests;
 * - `parts-…`: what the same two pages or more import, one chunk per set, and `parts` for
 *   the sets of little code ({@link pageSetModules}).
 * Pages, pickers and players stay chunks of their own: a group's modules all run when its chunk
 * arrives, and a page does not pay for another's parts.
 */
export function chunkGroups(rootDir = process.cwd()): { plugin: Plugin; groups: ChunkGroup[] } {
  let data = new Set<string>();
  let idle = new Set<string>();
  let shared = new Set<string>();
  let pageSets = new Map<string, string>();
  let serviceContract = new Map<string, string>();
  let sharedSchemas = new Set<string>();
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
          if (info) {
            modules.set(id, {
              isEntry: info.isEntry,
              importedIds: info.importedIds,
              size: info.code?.length ?? 0,
            });
          }
        }
        const isPage = (id: string) => pages.has(id.replace(/\.tsx?$/, ''));
        data = dataModules(modules, isPage);
        idle = idleModules(modules, isPage, data);
        serviceContract = serviceContractModules(modules);
        sharedSchemas = sharedSchemaModules(modules, serviceContract);
        shared = sharedModules(modules, isPage, { data, idle, serviceContract, sharedSchemas });
        pageSets = pageSetModules(
          modules,
          isPage,
          new Set([...data, ...idle, ...shared]),
          minPartsSize,
        );
      },
    },
    groups: [
      { name: 'start', tags: ['$initial'], priority: 100 },
      { name: 'forms', test: forms, priority: 60 },
      // Named, or the bundler folds it into the common chunk, which every page fetches.
      { name: 'form-resolvers', test: formResolvers, priority: 60 },
      // Before the common chunk, which would take it with the rest of the contract.
      {
        name: (id: string) => serviceContract.get(id) ?? null,
        debugName: 'service-contract',
        priority: 56,
        includeDependenciesRecursively: false,
      },
      // Before the common chunk, which would take them with the rest of the contract.
      {
        name: answerSchemaChunk,
        debugName: 'answer-schemas',
        priority: 55,
        includeDependenciesRecursively: false,
      },
      // Before the common chunk, which would take them with the rest of the contract.
      {
        name: 'shared-schemas',
        test: (id: string) => sharedSchemas.has(id),
        priority: 54,
        includeDependenciesRecursively: false,
      },
      {
        name: 'common',
        test: (id: string) =>
          zod.test(id) ||
          query.test(id) ||
          (contract.test(id) && !isPageSchema(id) && !isAnswerSchema(id)) ||
          data.has(id) ||
          shared.has(id) ||
          idle.has(id) ||
          layoutRoute.test(id) ||
          tinyLibrary.test(id),
        priority: 50,
        // What a grouped module imports stays where it is: a page may import it alone.
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
