import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LogFields, Logger } from '../../logger';
import { createEmulator, type CreateEmulatorOptions, type Emulator } from '../app';
import { loadEmulatorEnv } from '../env';

export const testKey = 'test-key-primary';
export const otherKey = 'test-key-other';
export const testStack = 'stack-a';

export interface TestEmulator extends Emulator {
  dir: string;
  logger: Logger & { lines: string[] };
  /** `app.request` with a path under the emulator. */
  request(path: string, init?: RequestInit): Promise<Response>;
  /** Closes the emulator and deletes its data dir. */
  cleanup(): Promise<void>;
}

export function headers(
  options: { key?: string | null; stack?: string | null; json?: boolean } = {},
): Record<string, string> {
  const { key = testKey, stack = testStack, json = false } = options;
  return {
    ...(key !== null ? { authorization: `Bearer ${key}` } : {}),
    ...(stack !== null ? { 'x-stack-id': stack } : {}),
    ...(json ? { 'content-type': 'application/json' } : {}),
  };
}

export function captureLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const push = (level: string) => (msg: string, fields?: LogFields) =>
    lines.push(`${level} ${msg} ${JSON.stringify(fields ?? {})}`);
  return { lines, info: push('info'), warn: push('warn'), error: push('error') };
}

/**
 * An emulator on a fresh temp data dir (or `dir`, to reopen one), with two accepted keys.
 * `vars` are EMULATOR_* variables as strings, parsed like the real environment.
 */
export function createTestEmulator(
  vars: Record<string, string> = {},
  options: Omit<CreateEmulatorOptions, 'env'> & { dir?: string } = {},
): TestEmulator {
  const { dir = mkdtempSync(join(tmpdir(), 'media-emulator-test-')), ...rest } = options;
  const logger = captureLogger();
  let emulator: Emulator;
  try {
    const env = loadEmulatorEnv({
      EMULATOR_API_KEYS: `${testKey},${otherKey}`,
      EMULATOR_DATA_DIR: dir,
      ...vars,
    });
    emulator = createEmulator({ env, logger, ...rest });
  } catch (err) {
    if (!options.dir) rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    ...emulator,
    dir,
    logger,
    request: async (path, init) => emulator.app.request(path, init),
    async cleanup() {
      await emulator.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
