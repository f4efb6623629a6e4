import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type PluginOption } from 'vite';

/**
 * A real page's head (language, title, viewport, icon): Lighthouse scores a page without them
 * lower. `root` is what the page's HTML has inside its root element.
 */
const indexHtml = (root: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="The smallest React 19 page, as a yardstick." />
    <title>Hello</title>
    <!-- No icon file: the browser's request for /favicon.ico would 404 and log an error. -->
    <link rel="icon" href="data:," />
  </head>
  <body>
    <div id="root">${root}</div>
    <script type="module" src="/main.tsx"></script>
  </body>
</html>
`;

const heading = '<h1>Hello</h1>';

/** The page's one module: React draws the heading, or takes over the heading the HTML has. */
const mainTsx = (drawn: boolean) =>
  drawn
    ? "import { hydrateRoot } from 'react-dom/client';\n" +
      `hydrateRoot(document.getElementById('root')!, ${heading});\n`
    : "import { createRoot } from 'react-dom/client';\n" +
      `createRoot(document.getElementById('root')!).render(${heading});\n`;

/**
 * The entry's module script of the built page, requested once its first frame is drawn, as
 * index.html's shell script requests the app's code (it waits for the first contentful paint,
 * or a second after the first frame). Left in the page's head, the script is requested during
 * the parse, and Lighthouse's simulation may count it among what the first paint waits for,
 * placing the paint after the script in some runs and before it in others.
 */
function entryAfterFirstFrame(): Plugin {
  return {
    name: 'entry-after-first-frame',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const tag = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
        const src = tag.exec(html)?.[1];
        if (!src) throw new Error('the bare page has no entry script');
        const loader =
          '<script>requestAnimationFrame(() => setTimeout(() => {' +
          " const script = document.createElement('script');" +
          ` script.type = 'module'; script.crossOrigin = ''; script.src = '${src}';` +
          ' document.body.append(script); }));</script>';
        return html.replace(tag, '').replace('</body>', `  ${loader}\n  </body>`);
      },
    },
  };
}

/**
 * Builds the smallest React 19 page Vite makes into `outDir` (with `.vite/manifest.json`), as
 * the yardstick the app is compared with. Its sources live under node_modules/.cache so `react`
 * resolves from the project's own node_modules, with the same versions. `plugins` are added
 * after React's, e.g. the build steps the app's own config runs on its output.
 *
 * `drawn`: the heading is in the page's HTML and React hydrates it, as the app's pages are
 * drawn in their HTML and taken over by the app, and its script is requested after the first
 * frame, as the app's is. It paints before its script has run, so the browser's own work around
 * the navigation and the script's tasks fall after its first paint, as they do for the app;
 * without it, the page paints only once React has drawn it.
 */
export async function buildBarePage(
  rootDir: string,
  outDir: string,
  plugins: PluginOption[] = [],
  { drawn = false } = {},
): Promise<void> {
  const dir = path.join(
    rootDir,
    'node_modules/.cache/media-studio-bench',
    `bare-${drawn ? 'drawn-' : ''}${process.pid}`,
  );
  mkdirSync(dir, { recursive: true });
  try {
    writeFileSync(path.join(dir, 'index.html'), indexHtml(drawn ? heading : ''));
    writeFileSync(path.join(dir, 'main.tsx'), mainTsx(drawn));
    await build({
      root: dir,
      configFile: false,
      logLevel: 'warn',
      plugins: [react(), ...(drawn ? [entryAfterFirstFrame()] : []), ...plugins],
      build: { outDir, emptyOutDir: true, manifest: true, target: 'es2022' },
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
