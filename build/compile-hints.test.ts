import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileHint, compileHints } from './compile-hints';

const root = path.resolve(import.meta.dirname, '..');

interface Chunk {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  isEntry: boolean;
  imports: string[];
  code: string;
  map: { mappings: string };
}

function chunk(fileName: string, source: string | null, imports: string[] = [], isEntry = false) {
  return {
    type: 'chunk',
    fileName,
    facadeModuleId: source && path.join(root, source),
    isEntry,
    imports,
    code: `console.log(${JSON.stringify(fileName)});`,
    map: { mappings: 'AAAA' },
  } satisfies Chunk;
}

/** A bundle as the plugin sees it once Vite has written its own top-of-file lines. */
function afterBundle(chunks: Chunk[]) {
  const bundle: Record<string, unknown> = {};
  for (const c of chunks) {
    bundle[c.fileName] = c;
    bundle[`${c.fileName}.map`] = {
      type: 'asset',
      source: JSON.stringify({ version: 3, mappings: 'AAAA' }),
    };
  }
  const plugin = compileHints() as unknown as {
    configResolved: (config: { root: string }) => void;
    generateBundle: { handler: (options: unknown, bundle: Record<string, unknown>) => void };
  };
  plugin.configResolved({ root });
  plugin.generateBundle.handler({}, bundle);
  const map = (file: string) =>
    (JSON.parse((bundle[`${file}.map`] as { source: string }).source) as { mappings: string })
      .mappings;
  return { map };
}

describe('compile hints', () => {
  const entry = chunk('assets/index.js', 'src/app/main.tsx', ['assets/react.js'], true);
  const react = chunk('assets/react.js', null);
  const page = chunk('assets/voices.js', 'src/features/voices/voices-page.tsx', ['assets/list.js']);
  const list = chunk('assets/list.js', null);
  const dialog = chunk('assets/dialog.js', 'src/components/confirm-dialog.tsx');
  const { map } = afterBundle([entry, react, page, list, dialog]);

  it("marks the entry, a page's chunk and what each imports for eager compilation, on their first line", () => {
    for (const c of [entry, react, page, list]) {
      expect(c.code.split('\n')[0]).toBe(compileHint);
      expect(c.code).toBe(`${compileHint}\nconsole.log(${JSON.stringify(c.fileName)});`);
    }
  });

  it('leaves code loaded later (a dialog) to compile lazily', () => {
    expect(dialog.code).toBe('console.log("assets/dialog.js");');
    expect(map(dialog.fileName)).toBe('AAAA');
  });

  it("moves a marked file's source map down the added line, so devtools still point at the source", () => {
    expect(map(page.fileName)).toBe(';AAAA');
    expect(page.map.mappings).toBe(';AAAA');
  });
});
