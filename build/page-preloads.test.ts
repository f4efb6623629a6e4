import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pagePreloads } from './page-preloads';

const root = path.resolve(import.meta.dirname, '..');

/** The plugin after a build of these chunks (file name → the module each one is the facade of). */
function afterBundle(facades: Record<string, string | null>) {
  const preloads = pagePreloads();
  const plugin = preloads.plugin as unknown as {
    configResolved: (config: { root: string }) => void;
    generateBundle: { handler: (options: unknown, bundle: Record<string, unknown>) => void };
  };
  plugin.configResolved({ root });
  const bundle = Object.fromEntries(
    Object.entries(facades).map(([fileName, source]) => [
      fileName,
      { type: 'chunk', fileName, facadeModuleId: source && path.join(root, source) },
    ]),
  );
  plugin.generateBundle.handler({}, bundle);
  return preloads.resolveDependencies;
}

describe('page preloads', () => {
  const resolve = afterBundle({
    'assets/voices.js': 'src/features/voices/voices-page.tsx',
    'assets/layout.js': 'src/lib/query-provider.tsx',
    'assets/client.js': 'src/api/app-client.ts',
    'assets/shared.js': null,
  });
  const deps = ['assets/shared.js', 'assets/zod.js'];

  it("keeps the chunks a page's chunk imports, and its layout's, so following a link loads them side by side", () => {
    expect(resolve('assets/voices.js', deps, { hostType: 'js' })).toEqual(deps);
    expect(resolve('assets/layout.js', deps, { hostType: 'js' })).toEqual(deps);
  });

  it('adds no preload links for any other lazy part: its module imports what it needs', () => {
    expect(resolve('assets/client.js', deps, { hostType: 'js' })).toEqual([]);
    expect(resolve('assets/shared.js', deps, { hostType: 'js' })).toEqual([]);
  });

  it("leaves the page's own head (the entry's preloads) as Vite writes it", () => {
    expect(resolve('assets/client.js', deps, { hostType: 'html' })).toEqual(deps);
  });
});
