import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The least a page can be: one heading, and the head a well-made page has (language,
 * viewport, title, description), with no stylesheet and no script. It paints as soon as its
 * HTML is in, earlier than any other page, so Lighthouse's figures for it are what the browser's
 * own work around a navigation costs on this machine, with nothing of a page's own after it.
 */
export const headingPage =
  '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n' +
  '<meta name="viewport" content="width=device-width, initial-scale=1">\n' +
  '<meta name="description" content="One heading, no stylesheet and no script.">\n' +
  // An icon the browser need not fetch: with none, it asks for /favicon.ico, and the 404 is an
  // error in the console that Lighthouse's best practices count against the page.
  '<link rel="icon" href="data:,">\n' +
  '<title>Media Studio</title>\n</head>\n<body>\n<h1>Media Studio</h1>\n</body>\n</html>\n';

/** A site in `dir` (made if missing) whose only page, its index, is the heading page. */
export function headingSite(dir: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), headingPage);
}
