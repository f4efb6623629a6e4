import { Hono, type Context } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { getCookie } from 'hono/cookie';
import { negotiateEncoding, type ContentCoding } from './accept-encoding';
import { compression } from './compression';
import { PAGES_TABLE, RENDERER_DIR } from '../build/page-files';
import { directModeCookie } from '../src/api/contract/direct-mode';
import { themeCookie } from '../src/api/contract/theme-cookie';
import { chosenTheme, withTheme } from './page-theme';
import { distReader, type DistFile, type DistReader } from './static-files';

/** Vite names files under assets/ by content hash: a new build means new names, so cache forever. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, icons, robots.txt) is revalidated so a deploy shows at once. */
const REVALIDATE = 'no-cache';

/** The types the build precompresses (build/precompress.ts): their answers vary by encoding. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/i;
const SIBLING: Record<ContentCoding, string> = { br: '.br', gzip: '.gz' };
/** A page also varies by the theme cookie (./page-theme.ts). */
const PAGE_VARY = 'Accept-Encoding, Cookie';

/**
 * Client routes whose last segment is an id from the service: ids are opaque and may hold a
 * dot, so these always load the app even when they look like a file name.
 */
const ID_ROUTES = ['/jobs/'];

/** `/robots.txt`, `/wp-login.php`, `/.env`: a request for a file, never a page of the app. */
function asksForFile(path: string): boolean {
  if (ID_ROUTES.some((prefix) => path.startsWith(prefix))) return false;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return last.includes('.');
}

/** If-None-Match matches when any listed tag equals ours (weak comparison, as RFC 9110 asks). */
function notModified(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/**
 * Sends a file of the build: the precompressed sibling the client accepts best (br, then
 * gzip), else the file itself. The ETag is that of the bytes sent, so each encoding has its own.
 */
function sendFile(
  c: Context,
  dist: DistReader,
  name: string,
  file: DistFile,
  caching: string,
  vary = 'Accept-Encoding',
) {
  const headers: Record<string, string> = {
    'Content-Type': getMimeType(name) ?? 'application/octet-stream',
    'Cache-Control': caching,
  };
  let body = file;
  if (COMPRESSIBLE.test(name)) {
    headers.Vary = vary;
    const siblings = new Map<ContentCoding, DistFile>();
    for (const coding of ['br', 'gzip'] as const) {
      const sibling = dist.read(name + SIBLING[coding]);
      if (sibling) siblings.set(coding, sibling);
    }
    const coding = negotiateEncoding(c.req.header('Accept-Encoding'), [...siblings.keys()]);
    if (coding) {
      body = siblings.get(coding)!;
      headers['Content-Encoding'] = coding;
    }
  }
  headers.ETag = body.etag;
  if (notModified(c.req.header('If-None-Match'), body.etag)) return c.body(null, 304, headers);
  headers['Content-Length'] = String(body.bytes.length);
  return c.body(body.bytes, 200, headers);
}

interface PagesTable {
  etag: string;
  pages: Record<string, { file: string; href: string } | undefined>;
}

/**
 * The build's prerendered pages (build/prerender-pages.ts): each page of the navigation drawn
 * as it first renders. A request for a page's path, bare or with exactly the search the app
 * gives it by default, gets that page; any other search (another tab, a filter) draws
 * something else first, so it gets the plain shell, which only names the page.
 */
function prerenderedPages(dist: DistReader) {
  let table: PagesTable | null = null;
  return (path: string, search: string): string | null => {
    const file = dist.read(PAGES_TABLE);
    if (!file) return null;
    if (table?.etag !== file.etag) {
      const pages = JSON.parse(new TextDecoder().decode(file.bytes)) as PagesTable['pages'];
      table = { etag: file.etag, pages };
    }
    const page = Object.hasOwn(table.pages, path) ? table.pages[path] : undefined;
    if (!page || (search !== '' && path + search !== page.href)) return null;
    return page.file;
  };
}

export interface StaticOptions {
  /**
   * Draws a page again on request (server/live-pages): its path and its page as built, to the
   * HTML to send, or null to send the page as built.
   */
  live?: (path: string, built: string) => Promise<string | null>;
}

/**
 * Sends a page of the app: as built (precompressed, with its ETag), or, for a browser that chose
 * a theme or a page drawn on request, as text compressed on the way (./compression.ts).
 */
function sendPage(
  c: Context,
  dist: DistReader,
  page: { name: string; file: DistFile; drawn?: string },
) {
  const theme = chosenTheme(getCookie(c, themeCookie));
  if (page.drawn === undefined && !theme)
    return sendFile(c, dist, page.name, page.file, REVALIDATE, PAGE_VARY);
  const html = page.drawn ?? new TextDecoder().decode(page.file.bytes);
  return c.html(theme ? withTheme(html, theme) : html, 200, {
    // A page drawn with the gateway's history is of this moment; one with a theme is as built.
    'Cache-Control': page.drawn === undefined ? REVALIDATE : 'no-store',
    Vary: PAGE_VARY,
  });
}

/**
 * Serves the built dashboard from `dist`. Files that exist are sent; a missing file answers 404;
 * any other path is a client-side route (/voices, /jobs/abc) and gets index.html. Takes the
 * build folder, or a reader of it to share with the CSP (see app.ts).
 */
export function staticRoutes(distOrDir: DistReader | string, options: StaticOptions = {}): Hono {
  const dist = typeof distOrDir === 'string' ? distReader(distOrDir) : distOrDir;
  const pageFile = prerenderedPages(dist);
  const app = new Hono();
  // A page drawn on request or given a theme is compressed as it goes; the built files are
  // precompressed.
  app.use('*', compression());
  // HEAD is answered by this GET handler; Hono drops the body and keeps the headers.
  app.get('*', async (c) => {
    const path = c.req.path;
    const name = path === '/' ? '' : path.slice(1);
    const caching = path.startsWith('/assets/') ? IMMUTABLE : REVALIDATE;
    // The gateway's own page renderer (server/live-pages) is in the build, not for browsers.
    const file = name.startsWith(`${RENDERER_DIR}/`) ? null : dist.read(name);
    if (file) return sendFile(c, dist, name, file, caching);
    // A missing hashed asset is a stale page asking for an old build, and a missing file is a
    // missing file: answering with HTML would surface as a confusing MIME error or a soft 404.
    if (path.startsWith('/assets/') || asksForFile(path)) return c.text('Not Found', 404);
    const prerendered = pageFile(path, new URL(c.req.url).search);
    const drawn = prerendered ? dist.read(prerendered) : null;
    if (prerendered && drawn) {
      // A browser in direct mode shows its own history, not the gateway's: it gets the page as built.
      const direct = getCookie(c, directModeCookie) === '1';
      const live = direct
        ? null
        : await options.live?.(path, new TextDecoder().decode(drawn.bytes));
      return sendPage(c, dist, { name: prerendered, file: drawn, ...(live && { drawn: live }) });
    }
    const index = dist.read('index.html');
    if (!index) return c.text('Not Found', 404);
    return sendPage(c, dist, { name: 'index.html', file: index });
  });
  return app;
}
