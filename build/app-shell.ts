import type { Plugin } from 'vite';
import { pageMeta, pagesByFirstSegment } from '../src/lib/page-meta';

/** Where index.html's shell script expects the table of pages. */
const TABLE_TOKEN = '/*page-meta*/ {}';

/** JSON safe inside a <script>: no `</script>` or `<!--` can end or change it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * Writes the table of page names (src/lib/page-meta.ts) into the shell script of index.html,
 * so the shell names the page before the app's code arrives, from the same table the app uses.
 */
export function appShell(): Plugin {
  return {
    name: 'media-studio-app-shell',
    transformIndexHtml(html) {
      if (!html.includes(TABLE_TOKEN)) throw new Error(`index.html lacks ${TABLE_TOKEN}`);
      const table = {
        ...pagesByFirstSegment,
        '/job': pageMeta.job,
        '/notFound': pageMeta.notFound,
      };
      return html.replace(TABLE_TOKEN, scriptJson(table));
    },
  };
}
