import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PAGES_DIR, PAGES_TABLE } from '../../build/page-files';
import { precompressDir } from '../../build/precompress';

/** pages.json of a build: each page of the navigation and its prerendered file. */
type PagesTable = Record<string, { file: string } | undefined>;

const script = /<script\b[^>]*>[\s\S]*?<\/script\s*>/gi;
const element = /<[a-z][a-z0-9-]*\b/gi;

/** A built page with every script element taken out; everything else is left as it is. */
export function withoutScripts(html: string): string {
  return html.replace(script, '');
}

/** How many elements the markup opens, scripts included. */
export function elementCount(html: string): number {
  return html.match(element)?.length ?? 0;
}

/** Of pages and their HTML, the page that opens the most elements: the most to draw. */
export function heaviestPage(drawn: ReadonlyMap<string, string>): string {
  let heaviest: { page: string; elements: number } | null = null;
  for (const [page, html] of drawn) {
    const elements = elementCount(html);
    if (!heaviest || elements > heaviest.elements) heaviest = { page, elements };
  }
  if (!heaviest) throw new Error('no page to choose from');
  return heaviest.page;
}

/**
 * A copy of the built app in `outDir` where the heaviest of the `drawn` pages (each page's
 * path and its HTML as the dashboard sent it) is that HTML with no script: what the page costs
 * before any of its JavaScript (parsing, style, layout and paint of the same HTML and CSS, and
 * the browser's own work around a navigation), served the same way. Returns the page's path.
 */
export async function scriptlessSite(
  appDir: string,
  outDir: string,
  drawn: ReadonlyMap<string, string>,
): Promise<string> {
  cpSync(appDir, outDir, { recursive: true });
  const table = JSON.parse(readFileSync(path.join(outDir, PAGES_TABLE), 'utf8')) as PagesTable;
  const page = heaviestPage(drawn);
  const entry = table[page];
  if (!entry) throw new Error(`${page} is not a prerendered page of the build`);
  writeFileSync(path.join(outDir, entry.file), withoutScripts(drawn.get(page)!));
  // The precompressed siblings are what the browser is sent: they must match the new file.
  await precompressDir(path.join(outDir, PAGES_DIR));
  return page;
}
