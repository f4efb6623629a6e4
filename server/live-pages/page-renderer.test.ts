import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { RENDERER_DIR, RENDERER_FILE } from '../../build/page-files';
import type { HistorySeed } from '../../src/api/contract/history-seed';
import { pageRenderer, type PageRenderer } from './page-renderer';

type Entry = NonNullable<HistorySeed['training']>['entries'][number];

const seed = (count: number): HistorySeed => ({
  training: {
    entries: Array.from({ length: count }, () => ({}) as Entry),
    next_cursor: null,
    total: count,
    total_exact: true,
    warning: null,
  },
});

/**
 * A build folder whose renderer draws the path and the number of entries, as the app's
 * renderer (src/app/prerender.tsx) takes a path and a seed; `/slow` never finishes.
 */
function buildWithRenderer(): string {
  const dist = mkdtempSync(join(tmpdir(), 'media-studio-renderer-'));
  mkdirSync(join(dist, RENDERER_DIR));
  writeFileSync(
    join(dist, RENDERER_DIR, RENDERER_FILE),
    `export async function prerenderPage(path, seed) {
      if (path === '/slow') await new Promise(() => {});
      if (path === '/broken') throw new Error('cannot draw ' + path);
      return { html: '<p>' + path + ' ' + seed.training.entries.length + '</p>', href: path };
    }`,
  );
  return dist;
}

describe('pageRenderer', () => {
  const dirs: string[] = [];
  const renderers: PageRenderer[] = [];
  afterEach(async () => {
    await Promise.all(renderers.splice(0).map((renderer) => renderer.close()));
    dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  });
  const start = (timeoutMs?: number) => {
    const dist = buildWithRenderer();
    dirs.push(dist);
    const renderer = pageRenderer(dist, timeoutMs)!;
    renderers.push(renderer);
    return renderer;
  };

  it('draws pages in a thread of its own, one after another', async () => {
    const renderer = start();
    await expect(
      Promise.all([renderer.render('/jobs', seed(2)), renderer.render('/jobs', seed(0))]),
    ).resolves.toEqual(['<p>/jobs 2</p>', '<p>/jobs 0</p>']);
  });

  it('rejects with the renderer’s error, and draws the next page as before', async () => {
    const renderer = start();
    await expect(renderer.render('/broken', seed(0))).rejects.toThrow('cannot draw /broken');
    await expect(renderer.render('/jobs', seed(1))).resolves.toBe('<p>/jobs 1</p>');
  });

  it('gives up on a render that takes too long, and starts afresh for the next one', async () => {
    const renderer = start(300);
    await renderer.render('/jobs', seed(0)); // the thread is up: the next limits are 300 ms
    await expect(renderer.render('/slow', seed(0))).rejects.toThrow('took over 300 ms');
    await expect(renderer.render('/jobs', seed(3))).resolves.toBe('<p>/jobs 3</p>');
  });

  it('lets the process end once nothing else keeps it running', async () => {
    const dist = buildWithRenderer();
    dirs.push(dist);
    const module = pathToFileURL(join(import.meta.dirname, 'page-renderer.ts')).href;
    const script = `
      const { pageRenderer } = await import(${JSON.stringify(module)});
      const renderer = pageRenderer(${JSON.stringify(dist)});
      console.log(await renderer.render('/jobs', ${JSON.stringify(seed(1))}));`;
    // A process kept alive by the waiting thread would only end at the timeout, and fail.
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { timeout: 20_000 },
    );
    expect(stdout.trim()).toBe('<p>/jobs 1</p>');
  });

  it('is null for a build without a renderer: pages are then sent as built', () => {
    const dist = mkdtempSync(join(tmpdir(), 'media-studio-renderer-'));
    dirs.push(dist);
    expect(pageRenderer(dist)).toBeNull();
  });
});
