import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { bundledEntry, ensureServerBuild } from '../../build/server-build.mjs';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * A server entry (`server/index.ts`, `server/emulator/index.ts`) as a child process, with only
 * the variables given: nothing leaks in from the shell running the tests. It runs the entry's
 * bundle, as `npm start` does (build/server-build.mjs), made first if a source changed.
 */
export function startServerProcess(entry: string, env: Record<string, string>) {
  // The gateway's history goes beside the emulator's state, or to a directory of its own:
  // never to the checkout's .data.
  const dataDir =
    env.DATA_DIR ?? env.EMULATOR_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'media-studio-child-'));
  ensureServerBuild();
  const child = spawn(process.execPath, [bundledEntry(entry)], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, ...env },
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  /** Waits up to 15 s for the output to match: a loaded machine starts a process slowly. */
  const waitFor = async (pattern: RegExp) => {
    for (let i = 0; i < 300 && !pattern.test(output); i++)
      await new Promise((r) => setTimeout(r, 50));
    return pattern.exec(output);
  };
  return { child, exited, waitFor, output: () => output };
}
