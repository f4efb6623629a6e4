import type { Plugin } from 'vite';
import { pageMeta, pagesByFirstSegment } from '../src/lib/page-meta';
import { bundledChunks, startupChunks } from './bundle-chunks';
import { routeFiles } from './route-files';

/** Where index.html's shell script expects the table of pages, and of their code. */
const TABLE_TOKEN = '/*page-meta*/ {}';
const PRELOAD_TOKEN = '/*page-code*/ {}';
const APP_TOKEN = '/*app-code*/ {}';

/** The entry's tag and its preloads, as Vite writes them into the built page's head. */
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const ENTRY_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * Takes the app's code out of the built page's head, for the shell script to load after the
 * first paint: a module script in the head is fetched at once, beside the stylesheet, and on a
 * slow link the shell's first paint waits for the bandwidth it takes.
 */
function takeAppCode(html: string): { html: string; app: { entry?: string; preload: string[] } } {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) throw new Error('the built index.html has no entry script');
  const preload = [...html.matchAll(ENTRY_PRELOAD)].map((match) => match[1]!);
  return {
    html: html.replace(ENTRY_SCRIPT, '').replace(ENTRY_PRELOAD, ''),
    app: { entry, preload },
  };
}

/** JSON safe inside a <script>: no `</script>` or `<!--` can end or change it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The shell's key of a route: its path's first segment, or `/job` for one job. */
function shellKey(routePath: string): string {
  return routePath === '/jobs/$taskId' ? '/job' : routePath.replace(/^\//, '');
}

/**
 * Each page's code (its lazy chunk, its layout's and everything they import), less what the
 * entry already loads: the shell preloads it at once, so it downloads beside the entry instead
 * of after it.
 */
function pageCode(root: string, bundle: Record<string, { type: string }>) {
  const { entry, routes } = startupChunks(root, bundledChunks(bundle), routeFiles(root));
  const table: Record<string, string[]> = {};
  for (const [routePath, needed] of routes) {
    table[shellKey(routePath)] = [...needed].filter((f) => !entry.has(f)).map((f) => `/${f}`);
  }
  return table;
}

/**
 * Writes into the shell script of index.html the table of page names (src/lib/page-meta.ts)
 * and, in a build, the entry and each page's code: the shell names the page before the app's
 * code arrives, from the same table the app uses, and once it has painted fetches the entry
 * and the page's code side by side.
 */
export function appShell(): Plugin {
  let root = process.cwd();
  return {
    name: 'media-studio-app-shell',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      // After the bundle exists, so the chunks' names are known.
      order: 'post',
      handler(html, ctx) {
        for (const token of [TABLE_TOKEN, PRELOAD_TOKEN, APP_TOKEN])
          if (!html.includes(token)) throw new Error(`index.html lacks ${token}`);
        const pages = {
          ...pagesByFirstSegment,
          '/job': pageMeta.job,
          '/notFound': pageMeta.notFound,
        };
        // The dev server has no bundle: its entry stays in the page, its modules load on demand.
        const code = ctx.bundle ? pageCode(root, ctx.bundle) : {};
        const built = ctx.bundle ? takeAppCode(html) : { html, app: {} };
        return built.html
          .replace(TABLE_TOKEN, scriptJson(pages))
          .replace(PRELOAD_TOKEN, scriptJson(code))
          .replace(APP_TOKEN, scriptJson(built.app));
      },
    },
  };
}
