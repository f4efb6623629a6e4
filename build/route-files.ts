import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Route path → the source files of its lazy page and of the lazy layouts above it, read from the
 * router, so the bench measures and the shell preloads a new page without editing this file. Each `createRoute({ … })` block
 * names its parent, its path (or a layout's id) and the module it imports.
 */
export function routeFiles(rootDir: string): Map<string, string[]> {
  const source = readFileSync(path.join(rootDir, 'src/app/router.tsx'), 'utf8');
  const layouts = new Map<string, string>();
  const routes = new Map<string, string[]>();
  for (const block of source.split('createRoute(').slice(1)) {
    const routePath = /path:\s*'([^']+)'/.exec(block)?.[1];
    const layoutId = /\bid:\s*'([^']+)'/.exec(block)?.[1];
    const parent = /getParentRoute:\s*\(\)\s*=>\s*(\w+)/.exec(block)?.[1];
    const module = /import\('\.\.\/([^']+)'\)/.exec(block)?.[1];
    if (!module) continue;
    const file = `src/${module}`;
    if (layoutId) {
      // Named by the const the block is assigned to: the text just before `createRoute(`.
      const name = /const\s+(\w+)\s*=\s*$/.exec(
        source.slice(0, source.indexOf(block) - 'createRoute('.length),
      )?.[1];
      if (name) layouts.set(name, file);
      continue;
    }
    const layout = parent ? layouts.get(parent) : undefined;
    if (routePath) routes.set(routePath, layout ? [file, layout] : [file]);
  }
  return routes;
}
