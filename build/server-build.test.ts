import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { bundledEntry, SERVER_OUT_DIR, serverBuildIsCurrent } from './server-build.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A manifest of a bundle made at `builtAt` from `inputs`, in a directory of its own. */
function bundleMadeAt(builtAt: number, inputs: string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'media-studio-server-build-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ builtAt, inputs }));
  return dir;
}

const changedAt = (file: string) => statSync(join(ROOT, file)).mtimeMs;
const newest = Math.max(
  ...['server/index.ts', 'package-lock.json', 'build/server-build.mjs'].map(changedAt),
);

it('uses a bundle made after every source it was made from', () => {
  expect(serverBuildIsCurrent(bundleMadeAt(newest + 1, ['server/index.ts']))).toBe(true);
});

it('makes the bundle again when a source changed after it', () => {
  const source = 'server/index.ts';
  expect(serverBuildIsCurrent(bundleMadeAt(changedAt(source) - 1, [source]))).toBe(false);
});

it('makes the bundle again when a source it was made from is gone', () => {
  expect(
    serverBuildIsCurrent(bundleMadeAt(newest + 1, ['server/index.ts', 'server/gone.ts'])),
  ).toBe(false);
});

it('makes the bundle again after the installed packages or the bundler settings change', () => {
  // Neither is a source of the bundle, yet either changes what it is or what it imports.
  for (const file of ['package-lock.json', 'build/server-build.mjs'])
    expect(serverBuildIsCurrent(bundleMadeAt(changedAt(file) - 1, []))).toBe(false);
});

it('makes the bundle when there is none', () => {
  const dir = mkdtempSync(join(tmpdir(), 'media-studio-server-build-'));
  dirs.push(dir);
  expect(serverBuildIsCurrent(dir)).toBe(false);
});

it('names the bundled file of each server entry, from a relative or an absolute path', () => {
  expect(bundledEntry('server/index.ts')).toBe(join(SERVER_OUT_DIR, 'index.mjs'));
  expect(bundledEntry(join(ROOT, 'server/emulator/index.ts'))).toBe(
    join(SERVER_OUT_DIR, 'emulator/index.mjs'),
  );
});
