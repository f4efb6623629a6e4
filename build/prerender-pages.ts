import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Plugin } from 'vite';
import { documentTitle, pagesByFirstSegment, type PageMeta } from '../src/lib/page-meta';
import { PAGE_BODY_END, PAGE_BODY_START, PAGES_DIR, PAGES_TABLE } from './page-files';

/** Where index.html's shell script takes the table of canonical addresses. */
const HREF_TOKEN = '/*page-href*/ {}';

/** Marks in index.html around the shell's frame, which a page's own first screen replaces. */
const SHELL = /<!--app-shell-->[\s\S]*<!--\/app-shell-->/;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * index.html with the page drawn in: its title and description, and its first screen. The
 * drawn page is a picture until the app takes over (src/app/main.tsx): its controls inert
 * (src/app/held-controls.ts), so nothing typed into it is lost when the app draws the live page,
 * and the whole of it hidden from assistive technology, which meets the live page only. The head
 * and the scripts, and so their CSP hashes, are index.html's.
 */
function pageHtml(shell: string, body: string, meta: PageMeta): string {
  if (!SHELL.test(shell)) throw new Error('index.html lacks the <!--app-shell--> marks');
  return shell
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(documentTitle(meta, 0))}</title>`)
    .replace(
      /(<meta\s+name="description"\s+content=")[^"]*(")/,
      (_, open: string, close: string) => `${open}${escapeHtml(meta.summary)}${close}`,
    )
    .replace(
      SHELL,
      () =>
        `<div data-drawn aria-hidden="true" style="display: contents">${PAGE_BODY_START}${body}${PAGE_BODY_END}</div>`,
    );
}

type Rendered = Record<string, { html: string; href: string } | undefined>;

/** The app's modules as Node runs them, in a process of their own (build/prerender-run.ts). */
async function renderPages(root: string, outDir: string): Promise<Rendered> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'prerender-run.ts'), root, outDir],
    { cwd: root, maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as Rendered;
}

/**
 * Build step: every page of the navigation rendered as it first draws (src/app/prerender.tsx),
 * each into a copy of the built index.html. A phone then paints the page's own form or lists
 * with the first HTML, not a heading waiting for the app's code.
 */
export function prerenderPages(): Plugin {
  let root = process.cwd();
  let outDir = path.join(root, 'dist');
  return {
    name: 'media-studio-prerender-pages',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('the build has no index.html');
      const rendered = await renderPages(root, outDir);
      const pages = Object.entries(pagesByFirstSegment).map(([segment, meta]) => {
        const page = rendered[segment];
        if (!page) throw new Error(`the prerender did not draw /${segment}`);
        return { path: `/${segment}`, file: `${PAGES_DIR}/${segment || 'home'}.html`, meta, page };
      });
      // The shell writes a page's canonical address in before the app starts (index.html).
      const hrefs = Object.fromEntries(
        pages
          .filter(({ path, page }) => page.href !== path)
          .map(({ path, page }) => [path, page.href]),
      );
      if (!String(index.source).includes(HREF_TOKEN))
        throw new Error(`index.html lacks ${HREF_TOKEN}`);
      const shell = String(index.source).replace(HREF_TOKEN, () => JSON.stringify(hrefs));
      index.source = shell;
      const table: Record<string, { file: string; href: string }> = {};
      for (const { path, file, meta, page } of pages) {
        this.emitFile({ type: 'asset', fileName: file, source: pageHtml(shell, page.html, meta) });
        table[path] = { file, href: page.href };
      }
      this.emitFile({ type: 'asset', fileName: PAGES_TABLE, source: JSON.stringify(table) });
    },
  };
}
