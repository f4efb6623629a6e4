import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { builtEntry, distComplete } from './server';

// As build/app-shell.ts writes the shell's table of the app's code: JSON in a script.
const shellPage = `<!doctype html><html><body><script>
  const app = ${JSON.stringify({ entry: '/assets/index-AbC12.js', preload: ['/assets/x.js'] })};
</script></body></html>`;
const taggedPage = `<!doctype html><html><head>
  <script type="module" crossorigin src="/assets/index-XyZ9.js"></script>
</head></html>`;

describe('builtEntry', () => {
  it('reads the entry the shell script names', () => {
    expect(builtEntry(shellPage)).toBe('assets/index-AbC12.js');
  });

  it('reads a module script tag in a page without the shell', () => {
    expect(builtEntry(taggedPage)).toBe('assets/index-XyZ9.js');
  });

  it('finds none in a page that loads no module', () => {
    expect(builtEntry('<!doctype html><p>hi</p>')).toBeUndefined();
  });
});

describe('distComplete', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const dist = (html?: string, files: string[] = []) => {
    const dir = mkdtempSync(join(tmpdir(), 'dist-complete-'));
    dirs.push(dir);
    if (html !== undefined) writeFileSync(join(dir, 'index.html'), html);
    mkdirSync(join(dir, 'assets'));
    for (const file of files) writeFileSync(join(dir, file), '');
    return dir;
  };

  it('holds for a built page whose entry exists', () => {
    expect(distComplete(dist(shellPage, ['assets/index-AbC12.js']))).toBe(true);
  });

  it('waits while the entry the page names is not written yet', () => {
    expect(distComplete(dist(shellPage))).toBe(false);
  });

  it('waits while there is no index.html', () => {
    expect(distComplete(dist(undefined, ['assets/index-AbC12.js']))).toBe(false);
  });
});
