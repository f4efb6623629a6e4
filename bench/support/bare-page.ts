import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type PluginOption } from 'vite';

/** A real page's head (language, title, viewport, icon): Lighthouse scores a page without them lower. */
const indexHtml = `<!doctype html>
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
    <div id="root"></div>
    <script type="module" src="/main.tsx"></script>
  </body>
</html>
`;

const mainTsx =
  "import { createRoot } from 'react-dom/client';\n" +
  "createRoot(document.getElementById('root')!).render(<h1>Hello</h1>);\n";

/**
 * Builds the smallest React 19 page Vite makes into `outDir` (with `.vite/manifest.json`), as
 * the yardstick the app is compared with. Its sources live under node_modules/.cache so `react`
 * resolves from the project's own node_modules, with the same versions. `plugins` are added
 * after React's, e.g. the build steps the app's own config runs on its output.
 */
export async function buildBarePage(
  rootDir: string,
  outDir: string,
  plugins: PluginOption[] = [],
): Promise<void> {
  const dir = path.join(rootDir, 'node_modules/.cache/media-studio-bench', `bare-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  try {
    writeFileSync(path.join(dir, 'index.html'), indexHtml);
    writeFileSync(path.join(dir, 'main.tsx'), mainTsx);
    await build({
      root: dir,
      configFile: false,
      logLevel: 'warn',
      plugins: [react(), ...plugins],
      build: { outDir, emptyOutDir: true, manifest: true, target: 'es2022' },
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
