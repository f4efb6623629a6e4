import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileHint, compileHints, hintMinBytes } from './compile-hints';

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

/** A file's code: a statement padded to `bytes`. */
const codeOf = (fileName: string, bytes = hintMinBytes) =>
  `console.log(${JSON.stringify(fileName)});`.padEnd(bytes, ' ');

function chunk(
  fileName: string,
  source: string | null,
  imports: string[] = [],
  isEntry = false,
  bytes = hintMinBytes,
) {
  return {
    type: 'chunk',
    fileName,
    facadeModuleId: source && path.join(root, source),
    isEntry,
    imports,
    code: codeOf(fileName, bytes),
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
  const entry = chunk(
    'assets/index.js',
    'src/app/main.tsx',
    ['assets/react.js', 'assets/tiny.js'],
    true,
  );
  const react = chunk('assets/react.js', null);
  const tiny = chunk('assets/tiny.js', null, [], false, 200);
  const page = chunk('assets/voices.js', 'src/features/voices/voices-page.tsx', ['assets/list.js']);
  const list = chunk('assets/list.js', null);
  const dialog = chunk('assets/dialog.js', 'src/components/confirm-dialog.tsx');
  const { map } = afterBundle([entry, react, tiny, page, list, dialog]);

  it("marks the entry, a page's chunk and what each imports for eager compilation, on their first line", () => {
    for (const c of [entry, react, page, list]) {
      expect(c.code.split('\n')[0]).toBe(compileHint);
      expect(c.code).toBe(`${compileHint}\n${codeOf(c.fileName)}`);
    }
  });

  it('leaves code loaded later (a dialog) to compile lazily', () => {
    expect(dialog.code).toBe(codeOf(dialog.fileName));
    expect(map(dialog.fileName)).toBe('AAAA');
  });

  it('leaves a small file of the start unmarked: it compiles in no time, the hint would cost bytes', () => {
    expect(tiny.code).toBe(codeOf(tiny.fileName, 200));
  });

  it("moves a marked file's source map down the added line, so devtools still point at the source", () => {
    expect(map(page.fileName)).toBe(';AAAA');
    expect(page.map.mappings).toBe(';AAAA');
  });
});
