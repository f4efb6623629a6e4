/**
 * Where the build puts the pages it draws, inside the build folder, and how a drawn page marks
 * its body. The build writes them (build/prerender-pages.ts, build/prerender-run.ts); the
 * gateway reads them (server/static.ts, server/live-pages).
 */

/** The prerendered pages, and the table of them: a page's path → its file and its canonical address. */
export const PAGES_DIR = 'pages';
export const PAGES_TABLE = `${PAGES_DIR}/pages.json`;

/** The page renderer for Node: the gateway loads it from here and never serves it as a file. */
export const RENDERER_DIR = 'render';
export const RENDERER_FILE = 'prerender.js';

/** Around a drawn page's body in its HTML, so the gateway can draw it again with data. */
export const PAGE_BODY_START = '<!--page-->';
export const PAGE_BODY_END = '<!--/page-->';
